/** The window's inner size, updated on resize (layout thresholds of SPEC §9, and the compact layout). */
import { useSyncExternalStore } from 'react';
import { DESKTOP_WIDTH, isCompactLayout, PHONE_WIDTH } from '../../model/layoutRules';

export { DESKTOP_WIDTH } from '../../model/layoutRules';

interface WindowSize {
  width: number;
  height: number;
}

let size: WindowSize | null = null;
const listeners = new Set<() => void>();

function readSize(): WindowSize {
  return { width: window.innerWidth, height: window.innerHeight };
}

function onResize(): void {
  const next = readSize();
  if (size && next.width === size.width && next.height === size.height) return;
  size = next;
  for (const listener of listeners) listener();
}

/**
 * The window's inner size, read once and then again at each `resize`. Reading `innerWidth` or
 * `innerHeight` makes a mobile browser lay the page out first (its viewport depends on the
 * layout), so the viewer's components, which render several times as the app starts, read it
 * here rather than each from the window: one layout, not one per render.
 */
export function windowSize(): WindowSize {
  if (!size) {
    size = readSize();
    window.addEventListener('resize', onResize);
  }
  return size;
}

function subscribe(listener: () => void): () => void {
  windowSize();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useWindowSize(): WindowSize {
  return useSyncExternalStore(subscribe, windowSize, windowSize);
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
