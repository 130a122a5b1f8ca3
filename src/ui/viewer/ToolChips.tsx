/** Chips naming the active tools (SPEC §2): clipping plane, section box, measurement, comments, hyperlink. */
import { useSelector } from '@xstate/react';
import { selectClipping, selectOpenPanel, selectSectionBox } from '../../machines/viewer/viewerSelectors';
import { useLL } from '../app/I18nProvider';
import type { ToolsActor } from './viewerActors';

export function ToolChips({ tools }: { tools: ToolsActor }) {
  const LL = useLL();
  const open = useSelector(tools, selectOpenPanel);
  const clipping = useSelector(tools, (s) => selectClipping(s)?.enabled ?? false);
  const sectionBox = useSelector(tools, (s) => selectSectionBox(s)?.enabled ?? false);
  const chips = [
    clipping && LL.viewer.chips.clipping(),
    sectionBox && LL.viewer.chips.sectionBox(),
    open === 'measure' && LL.viewer.chips.measure(),
    open === 'comments' && LL.viewer.chips.comments(),
    open === 'attachment' && LL.viewer.chips.hyperlink(),
  ].filter((chip) => chip !== false);
  if (chips.length === 0) return null;
  return (
    <ul aria-label={LL.viewer.activeTools()} className="flex flex-wrap justify-center gap-2">
      {chips.map((chip) => (
        <li key={chip} className="rounded-full border border-primary bg-surface-raised/90 px-3 py-1 text-xs font-bold text-primary">
          {chip}
        </li>
      ))}
    </ul>
  );
}
