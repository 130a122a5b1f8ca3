/**
 * What of the canvas the viewer's own controls cover, told to the tools actor so that framing
 * keeps the model clear of them (SPEC §4 framing, issue of a data sheet over the selected part):
 * the top row of controls, the chips at the bottom, and the data sheet when it is shown (on the
 * left of a desktop canvas, across the top of a phone's); in the compact layout, an open panel's
 * sheet, which takes the lower half, so the model is framed again above it. Docked panels of wide
 * windows are outside the canvas already.
 */
import { useEffect } from 'react';
import { frameInsetsOf } from '../../model/layoutRules';
import type { ToolsActor } from './viewerActors';


export function useFrameInsets(tools: ToolsActor, compact: boolean, sheetShown: boolean, panelSheetOpen = false): void {
  const height = typeof window === 'undefined' ? 800 : window.innerHeight;
  const { top, right, bottom, left } = frameInsetsOf(compact, sheetShown, height, compact && panelSheetOpen);
  useEffect(() => {
    tools.send({ type: 'tools.frameInsets', insets: { top, right, bottom, left } });
  }, [tools, top, right, bottom, left]);
}
