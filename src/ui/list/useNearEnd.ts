/**
 * The end of the project grid: a ref for an element after the last card, which calls `onNear` when
 * that element comes within 800 px of the viewport. The list renders the element only while a
 * next page can be asked for, so each page brings a new element and a new observer, whose first
 * report says at once whether the end is still near (a tall window asks for the page after).
 */
import { useCallback, useEffect, useRef } from 'react';

export function useNearEnd(onNear: () => void) {
  const observer = useRef<IntersectionObserver | null>(null);
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  }, [onNear]);
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback((element: Element | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    }, { rootMargin: '800px 0px' });
    observer.current.observe(element);
  }, []);
}
