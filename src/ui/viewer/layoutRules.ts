/**
 * The viewer's layout rules as plain functions (no React): which layout a window gets, and what of
 * the canvas the viewer's own controls cover. The views use them, and so does the link's first
 * frame, drawn before any of the views has arrived, so that it frames the model as the viewer will.
 */

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
const COMPACT_BAR = 56 + 48;
const COMPACT_SHEET_TOP = 72;

export function frameInsetsOf(compact: boolean, sheetShown: boolean, viewportHeight: number) {
  if (compact) {
    const top = sheetShown ? COMPACT_SHEET_TOP + Math.round(viewportHeight * 0.3) + 8 : TOP_CONTROLS;
    return { top, right: 0, bottom: COMPACT_BAR, left: 0 };
  }
  return { top: TOP_CONTROLS, right: 0, bottom: BOTTOM_CHIPS, left: sheetShown ? DATA_SHEET_WIDTH : 0 };
}

