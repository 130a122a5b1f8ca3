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

/** Widths of SPEC §9: hierarchy auto-open, left group shift (and panel widths, CSS pixels). */
const HIERARCHY_AUTO_OPEN_WIDTH = 800;
export const LEFT_SHIFT_MIN_WIDTH = 1024;
export const LEFT_PANEL_WIDTH = 360;
export const RIGHT_PANEL_WIDTH = 220;
/** Below this height (a phone held sideways) the hierarchy does not open by itself over the model. */
const HIERARCHY_AUTO_OPEN_HEIGHT = 600;
/** A side toolbar of the wide layout: a 44 px button, 8 px padding each side and its 1 px border (common/Toolbar.tsx). */
export const SIDE_TOOLBAR_WIDTH = 44 + 2 * 8 + 1;

/**
 * SPEC §9's auto-open of the hierarchy, except on a short (landscape phone) window and in a frame
 * of another page (an embedded link, 800 x 600 by its snippet), which starts compact: no panel over
 * the model, its logo and its approval.
 */
export function hierarchyOpensByItself(width: number, height: number, embedded = false): boolean {
  return !embedded && width >= HIERARCHY_AUTO_OPEN_WIDTH && height >= HIERARCHY_AUTO_OPEN_HEIGHT;
}

/** Whether the page of `win` is shown inside a frame of another page (an embedded link); the window is given, so the rule stays free of browser globals. */
export function isEmbedded(win: Window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A browser that will not even compare the top window is framing the page.
    return true;
  }
}

/** How far the canvas's left and right edges sit from the window's, CSS pixels: its side toolbars and docked panels. */
export interface CanvasEdges {
  left: number;
  right: number;
}

/**
 * Where the viewer's canvas lies in a window of this size (the layout of ViewerLayout): between the
 * side toolbars of the wide layout, beside a docked left panel (`leftPanel`) or right one
 * (`rightPanel`). The compact layout's canvas fills the window.
 */
export function canvasEdgesOf(width: number, height: number, leftPanel: boolean, rightPanel: boolean): CanvasEdges {
  if (isCompactLayout(width, height)) return { left: 0, right: 0 };
  return {
    left: SIDE_TOOLBAR_WIDTH + (leftPanel && width > LEFT_SHIFT_MIN_WIDTH ? LEFT_PANEL_WIDTH : 0),
    right: SIDE_TOOLBAR_WIDTH + (rightPanel && width >= DESKTOP_WIDTH ? RIGHT_PANEL_WIDTH : 0),
  };
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
