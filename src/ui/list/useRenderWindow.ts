/**
 * How many cards of a long list are in the page: the first page, then one more page each time the
 * sentinel after the last rendered card comes near the viewport. A new search or filter keeps the
 * pages already in the page (the first `limit` matches), so a keystroke only mounts the cards that
 * newly match and unmounts those that no longer do, whatever the list's size (starting again from
 * one page would unmount the next page on every key, and the sentinel, near again, would mount it
 * right back). Cards off screen also skip their layout and paint (`content-visibility: auto`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const CARDS_PER_PAGE = 36;

export function useRenderWindow(total: number) {
  const [pages, setPages] = useState(1);
  const limit = Math.min(total, pages * CARDS_PER_PAGE);
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  /** Ref of the element after the last card: seeing it loads the next page. */
  const sentinel = useCallback(
    (element: Element | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || limit >= total || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setPages((n) => n + 1);
      }, { rootMargin: '800px 0px' });
      observer.current.observe(element);
    },
    [limit, total],
  );
  /** capacity: how many cards the loaded pages hold, whatever the list's length. */
  return { limit, sentinel, hasMore: limit < total, capacity: pages * CARDS_PER_PAGE };
}
