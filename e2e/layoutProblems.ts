/**
 * The layout rule of the touch layouts, read from the boxes of a page's controls: every control a
 * user could touch is on screen and no two overlap (the compact viewer's specs and the approval's).
 */
import type { Page } from '@playwright/test';

export interface Problem {
  kind: 'off screen' | 'overlap';
  what: string;
}

/**
 * Every control a user could touch (topmost at its centre, clipped by its scrolling ancestors):
 * none may leave the screen, and no two may overlap.
 */
export function layoutProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const W = window.innerWidth;
    const H = window.innerHeight;
    const name = (el: Element) => `${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}]`;
    const clipped = (el: Element) => {
      let r = el.getBoundingClientRect();
      let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      for (let p = el.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        r = p.getBoundingClientRect();
        box = { left: Math.max(box.left, r.left), top: Math.max(box.top, r.top), right: Math.min(box.right, r.right), bottom: Math.min(box.bottom, r.bottom) };
      }
      return box;
    };
    const controls = [...document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, [role="switch"], [role="radio"], [role="slider"]')]
      .map((el) => ({ el, box: clipped(el) }))
      .filter(({ el, box }) => {
        if (box.right - box.left < 4 || box.bottom - box.top < 4) return false;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
        const x = Math.min(Math.max((box.left + box.right) / 2, 0), W - 1);
        const y = Math.min(Math.max((box.top + box.bottom) / 2, 0), H - 1);
        const top = document.elementFromPoint(x, y);
        return !!top && (top === el || el.contains(top) || top.contains(el));
      });
    const problems: { kind: 'off screen' | 'overlap'; what: string }[] = [];
    for (const { el, box } of controls) {
      if (box.left < -1 || box.top < -1 || box.right > W + 1 || box.bottom > H + 1) {
        problems.push({ kind: 'off screen', what: `${name(el)} ${JSON.stringify(box)}` });
      }
    }
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i];
        const b = controls[j];
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (w > 1 && h > 1) problems.push({ kind: 'overlap', what: `${name(a.el)} / ${name(b.el)}` });
      }
    }
    return problems;
  });
}
