/** The window's inner width, updated on resize (layout thresholds of SPEC §9). */
import { useEffect, useState } from 'react';

export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

/** Widths of SPEC §9: hierarchy auto-open, left group shift, desktop. */
export const HIERARCHY_AUTO_OPEN_WIDTH = 800;
export const LEFT_SHIFT_MIN_WIDTH = 1024;
export const DESKTOP_WIDTH = 1024;
export const LEFT_PANEL_WIDTH = 360;
export const RIGHT_PANEL_WIDTH = 220;
