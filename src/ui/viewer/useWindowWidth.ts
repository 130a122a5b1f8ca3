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

export { hierarchyOpensByItself, isEmbedded, LEFT_PANEL_WIDTH, LEFT_SHIFT_MIN_WIDTH, RIGHT_PANEL_WIDTH } from '../../model/layoutRules';

export function useCompactLayout(): { compact: boolean; phone: boolean; width: number; height: number } {
  const { width, height } = useWindowSize();
  return { compact: isCompactLayout(width, height), phone: width < PHONE_WIDTH, width, height };
}
