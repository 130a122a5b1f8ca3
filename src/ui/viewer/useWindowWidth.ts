/** The window's inner size, updated on resize (layout thresholds of SPEC §9, and the compact layout). */
import { useEffect, useState } from 'react';
import { DESKTOP_WIDTH, isCompactLayout, PHONE_WIDTH } from '../../model/layoutRules';

export { DESKTOP_WIDTH } from '../../model/layoutRules';

function useWindowSize(): { width: number; height: number } {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const update = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}

/** Widths of SPEC §9: hierarchy auto-open, left group shift, desktop. */
const HIERARCHY_AUTO_OPEN_WIDTH = 800;
export const LEFT_SHIFT_MIN_WIDTH = 1024;
export const LEFT_PANEL_WIDTH = 360;
export const RIGHT_PANEL_WIDTH = 220;
/** Below this height (a phone held sideways) the hierarchy does not open by itself over the model. */
const HIERARCHY_AUTO_OPEN_HEIGHT = 600;

/**
 * SPEC §9's auto-open of the hierarchy, except on a short (landscape phone) window and in a frame
 * of another page (an embedded link, 800 x 600 by its snippet), which starts compact: no panel over
 * the model, its logo and its approval.
 */
export function hierarchyOpensByItself(width: number, height: number, embedded = false): boolean {
  return !embedded && width >= HIERARCHY_AUTO_OPEN_WIDTH && height >= HIERARCHY_AUTO_OPEN_HEIGHT;
}

/** Whether this page is shown inside a frame of another page (an embedded link). */
export function isEmbedded(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A browser that will not even compare the top window is framing the page.
    return true;
  }
}

export function useCompactLayout(): { compact: boolean; phone: boolean; width: number } {
  const { width, height } = useWindowSize();
  return { compact: isCompactLayout(width, height), phone: width < PHONE_WIDTH, width };
}
