/**
 * Simple windowing for the part tree: fixed-height rows, only those in view (plus a margin)
 * are rendered. Without layout (tests, first paint) a default viewport height is assumed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const TREE_ROW_HEIGHT = 32;
const OVERSCAN = 10;
const DEFAULT_VIEWPORT = 640;

export function useTreeWindow(rowCount: number) {
  const viewportRef = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(DEFAULT_VIEWPORT);

  useEffect(() => {
    const element = viewportRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight || DEFAULT_VIEWPORT));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / TREE_ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rowCount, Math.ceil((scrollTop + height) / TREE_ROW_HEIGHT) + OVERSCAN);

  /** Scrolls so that row `index` is in view. */
  const scrollToRow = useCallback(
    (index: number) => {
      const element = viewportRef.current;
      if (!element) return;
      const top = index * TREE_ROW_HEIGHT;
      const viewHeight = element.clientHeight || height;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + TREE_ROW_HEIGHT > element.scrollTop + viewHeight) element.scrollTop = top + TREE_ROW_HEIGHT - viewHeight;
      setScrollTop(element.scrollTop);
    },
    [height],
  );

  return {
    viewportRef,
    first,
    last,
    totalHeight: rowCount * TREE_ROW_HEIGHT,
    onScroll: (e: React.UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop),
    scrollToRow,
  };
}
