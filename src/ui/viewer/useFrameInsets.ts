/**
 * What of the canvas the viewer's own controls cover, told to the tools actor so that framing
 * keeps the model clear of them (SPEC §4 framing, issue of a data sheet over the selected part):
 * the top row of controls, the chips at the bottom, and the data sheet when it is shown (on the
 * left of a desktop canvas, across the top of a phone's); in the compact layout, an open panel's
 * sheet, which takes the lower half, so the model is framed again above it; and, while a link's
 * "what changed" banner is shown, the stack of controls at the bottom as tall as it is then
 * (`useCoveredBottom`). Docked panels of wide windows are outside the canvas already.
 */
import { type RefObject, useEffect, useState } from 'react';
import { frameInsetsOf } from '../../model/layoutRules';
import type { ToolsActor } from './viewerActors';
import { windowSize } from './useWindowWidth';


export function useFrameInsets(tools: ToolsActor, compact: boolean, sheetShown: boolean, panelSheetOpen = false, coveredBottom = 0): void {
  const height = typeof window === 'undefined' ? 800 : windowSize().height;
  const { top, right, bottom, left } = frameInsetsOf(compact, sheetShown, height, compact && panelSheetOpen, coveredBottom);
  useEffect(() => {
    tools.send({ type: 'tools.frameInsets', insets: { top, right, bottom, left } });
  }, [tools, top, right, bottom, left]);
}

/**
 * While `measuring`, how far up from the bottom of `root` the element `stack` reaches (CSS pixels),
 * followed as either changes size; 0 otherwise. Only measured while asked, so that the opening
 * view keeps the layout's fixed insets, which the link's first frame uses too.
 */
export function useCoveredBottom(root: RefObject<HTMLElement | null>, stack: RefObject<HTMLElement | null>, measuring: boolean): number {
  const [covered, setCovered] = useState(0);
  useEffect(() => {
    const rootElement = root.current;
    const stackElement = stack.current;
    if (!measuring || !rootElement || !stackElement || typeof ResizeObserver === 'undefined') {
      setCovered(0);
      return;
    }
    const measure = () => setCovered(Math.max(0, rootElement.getBoundingClientRect().bottom - stackElement.getBoundingClientRect().top));
    const observer = new ResizeObserver(measure);
    observer.observe(rootElement);
    observer.observe(stackElement);
    measure();
    return () => observer.disconnect();
  }, [root, stack, measuring]);
  return covered;
}
