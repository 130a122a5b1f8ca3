/**
 * On a phone the browser's back button closes an open sheet before it leaves the viewer: opening a
 * sheet adds a history entry (same URL), going back closes the sheet, and closing the sheet by its
 * own control removes that entry again, so Back then leaves the viewer as it should.
 */
import { useEffect, useRef } from 'react';

const SHEET_STATE = 'cvSheet';

export function useBackClosesSheet(open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  const pushed = useRef(false);

  useEffect(() => {
    const onPop = () => {
      if (!pushed.current) return;
      pushed.current = false;
      closeRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (open && !pushed.current) {
      window.history.pushState({ ...(window.history.state as object | null), [SHEET_STATE]: true }, '');
      pushed.current = true;
    } else if (!open && pushed.current) {
      pushed.current = false;
      if ((window.history.state as Record<string, unknown> | null)?.[SHEET_STATE]) window.history.back();
    }
  }, [open]);
}
