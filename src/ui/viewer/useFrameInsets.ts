/**
 * What of the canvas the viewer's own controls cover, told to the tools actor so that framing
 * keeps the model clear of them (SPEC §4 framing, issue of a data sheet over the selected part):
 * the top row of controls, the chips at the bottom, and the data sheet when it is shown (on the
 * left of a desktop canvas, across the top of a phone's). Docked panels are outside the canvas already.
 */
import { useEffect } from 'react';
import type { ToolsActor } from './viewerActors';

/** Heights and widths of what covers the canvas, CSS pixels (see ViewerLayout's classes). */
const TOP_CONTROLS = 64;
const BOTTOM_CHIPS = 56;
const DATA_SHEET_WIDTH = 12 + 288 + 12;
const COMPACT_BAR = 56 + 48;
const COMPACT_SHEET_TOP = 72;

export function frameInsetsOf(compact: boolean, sheetShown: boolean, viewportHeight: number) {
  if (compact) {
    const top = sheetShown ? COMPACT_SHEET_TOP + Math.round(viewportHeight * 0.3) + 8 : TOP_CONTROLS;
    return { top, right: 0, bottom: COMPACT_BAR, left: 0 };
  }
  return { top: TOP_CONTROLS, right: 0, bottom: BOTTOM_CHIPS, left: sheetShown ? DATA_SHEET_WIDTH : 0 };
}

export function useFrameInsets(tools: ToolsActor, compact: boolean, sheetShown: boolean): void {
  const height = typeof window === 'undefined' ? 800 : window.innerHeight;
  const { top, right, bottom, left } = frameInsetsOf(compact, sheetShown, height);
  useEffect(() => {
    tools.send({ type: 'tools.frameInsets', insets: { top, right, bottom, left } });
  }, [tools, top, right, bottom, left]);
}
