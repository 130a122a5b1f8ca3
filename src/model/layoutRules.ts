/**
 * The viewer's layout rules as plain functions (no React): which layout a window gets, and what of
 * the canvas the viewer's own controls cover. The views use them, and so does the link's first
 * frame, drawn before any of the views has arrived, so that it frames the model as the viewer will.
 */
import type { FrameInsets } from './viewerVocabulary';

/** SPEC §9's desktop width. */
export const DESKTOP_WIDTH = 1024;

/** Tailwind's `sm`: below it the viewer is laid out for a phone. */
export const PHONE_WIDTH = 640;

/**
 * Phones (below `sm`) and portrait tablets get the compact viewer: the model fills the screen, the
 * tools sit in one bar at the bottom, panels open as sheets over the model. Landscape phones and
 * wide windows keep the two side toolbars.
 */
export function isCompactLayout(width: number, height: number): boolean {
  return width < PHONE_WIDTH || (width < DESKTOP_WIDTH && height > width);
}

/** Heights and widths of what covers the canvas, CSS pixels (see ViewerLayout's classes). */
const TOP_CONTROLS = 64;
const BOTTOM_CHIPS = 56;
const DATA_SHEET_WIDTH = 12 + 288 + 12;
/** The compact bar, and the selected part and chips stacked above it. */
const COMPACT_BAR = 56 + 48;
/** The compact bar alone (the chips hide while a sheet is open). */
const COMPACT_BAR_ONLY = 56;
const COMPACT_SHEET_TOP = 72;
/** Room left between the model and what covers it. */
const GAP = 8;

/**
 * The compact layout's panel sheets (hierarchy, comments, revisions and the others) take this share
 * of the viewport's height, above the bar; their content scrolls inside. The model is framed above.
 */
export const COMPACT_PANEL_SHEET_SHARE = 0.5;

/** The data sheet across the top of a compact canvas: at most this share of the height (less while a panel's sheet is open). */
export function compactDataSheetShare(panelSheetOpen: boolean): number {
  return panelSheetOpen ? 0.2 : 0.3;
}

/**
 * The insets that keep the framed model clear of the viewer's own controls. In the compact layout
 * an open panel sheet takes the lower half (`panelSheetOpen`), so the model is framed in the part
 * above it; the data sheet (`sheetShown`) lies across the top. `coveredBottom`: how far up from the
 * canvas's bottom edge a taller stack of controls reaches for now (a link's "what changed"
 * banner over the model, its list of parts open or not), so that a part framed from it lands above it.
 */
export function frameInsetsOf(compact: boolean, sheetShown: boolean, viewportHeight: number, panelSheetOpen = false, coveredBottom = 0): FrameInsets {
  const below = (bottom: number) => Math.max(bottom, coveredBottom > 0 ? Math.round(coveredBottom) + GAP : 0);
  if (compact) {
    const top = sheetShown ? COMPACT_SHEET_TOP + Math.round(viewportHeight * compactDataSheetShare(panelSheetOpen)) + GAP : TOP_CONTROLS;
    const bottom = panelSheetOpen ? COMPACT_BAR_ONLY + Math.round(viewportHeight * COMPACT_PANEL_SHEET_SHARE) + GAP : COMPACT_BAR;
    return { top, right: 0, bottom: below(bottom), left: 0 };
  }
  return { top: TOP_CONTROLS, right: 0, bottom: below(BOTTOM_CHIPS), left: sheetShown ? DATA_SHEET_WIDTH : 0 };
}
