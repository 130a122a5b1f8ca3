/**
 * Whether the primary pointer is a finger (`pointer: coarse`: phones, tablets), so that texts say
 * "tap" rather than "click". Follows the media query when it changes (a keyboard and trackpad
 * docked to a tablet); false where the browser cannot tell.
 */
import { useSyncExternalStore } from 'react';

const TOUCH_QUERY = '(pointer: coarse)';

const queryList = (): MediaQueryList | null => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = queryList();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

const isTouchScreen = (): boolean => queryList()?.matches ?? false;

export function useTouchScreen(): boolean {
  return useSyncExternalStore(subscribe, isTouchScreen, () => false);
}
