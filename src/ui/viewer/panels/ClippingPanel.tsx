/**
 * The clipping plane panel (SPEC §4, §5): enable, axis X/Y/Z, invert, and the position with a
 * step of 0.1 mm or 0.001 in, clamped by the engine between 0 and the model's size. Below it, the
 * section box (issue 35): on or off, around the selected part's cabinet or the whole model.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectClipping, selectHasSelection, selectSectionBox } from '../../../machines/viewer/viewerSelectors';
import { AXES } from '../../../machines/viewer/viewerTypes';
import { useLL } from '../../app/I18nProvider';
import { SwitchField } from '../../common/SwitchField';
import type { ToolsActor } from '../viewerActors';

export function ClippingPanel({ tools }: { tools: ToolsActor }) {
  const LL = useLL();
  const clipping = useSelector(tools, selectClipping);
  const [draft, setDraft] = useState('');
  useEffect(() => setDraft(clipping ? String(clipping.position) : ''), [clipping]);
  if (!clipping) return null;
  const set = (settings: { enabled?: boolean; axis?: (typeof AXES)[number]; inverted?: boolean; position?: number }) =>
    tools.send({ type: 'tools.clipping', settings });
  const commit = () => {
    const value = Number(draft.replace(',', '.'));
    if (Number.isFinite(value)) set({ position: value });
    else setDraft(String(clipping.position));
  };
  return (
    <div className="flex flex-col gap-3 text-sm">
      <SwitchField label={LL.viewer.clipping.enable()} checked={clipping.enabled} onChange={(enabled) => set({ enabled })} />
      <div role="radiogroup" aria-label={LL.viewer.clipping.axis()} className="flex items-center gap-2">
        <span className="mr-auto text-fg">{LL.viewer.clipping.axis()}</span>
        {AXES.map((axis) => (
          <button
            key={axis}
            type="button"
            role="radio"
            aria-checked={clipping.axis === axis}
            onClick={() => set({ axis })}
            className={`size-9 rounded-lg border font-bold uppercase ${clipping.axis === axis ? 'border-primary bg-primary text-on-primary' : 'border-border text-fg hover:border-primary'}`}
          >
            {axis}
          </button>
        ))}
      </div>
      <SwitchField label={LL.viewer.clipping.invert()} checked={clipping.inverted} onChange={(inverted) => set({ inverted })} />
      <label className="flex flex-col gap-1">
        <span className="text-fg">
          {LL.viewer.clipping.position()} ({clipping.unit})
        </span>
        <input
          type="number"
          min={0}
          max={clipping.max}
          step={clipping.step}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
          className="rounded-lg border border-border bg-field px-3 py-2 font-mono text-fg tabular-nums focus:border-primary"
        />
        <input
          type="range"
          aria-label={LL.viewer.clipping.position()}
          min={0}
          max={clipping.max}
          step={clipping.step}
          value={clipping.position}
          onChange={(e) => set({ position: Number(e.target.value) })}
          className="accent-primary"
        />
      </label>
      <SectionBox tools={tools} />
    </div>
  );
}

function SectionBox({ tools }: { tools: ToolsActor }) {
  const LL = useLL();
  const box = useSelector(tools, selectSectionBox);
  const hasSelection = useSelector(tools, selectHasSelection);
  const button = 'rounded-lg border border-border px-3 py-2 text-left text-fg hover:border-primary disabled:opacity-50';
  return (
    <section className="flex flex-col gap-2 border-t border-border pt-3" aria-label={LL.viewer.clipping.sectionBox()}>
      <SwitchField label={LL.viewer.clipping.sectionBox()} checked={box?.enabled ?? false} onChange={(enabled) => tools.send({ type: 'tools.sectionBox', enabled })} />
      <p className="text-xs text-fg-muted">{LL.viewer.clipping.sectionHint()}</p>
      <button type="button" disabled={!hasSelection} onClick={() => tools.send({ type: 'tools.sectionAround' })} className={button}>
        {LL.viewer.clipping.aroundSelection()}
      </button>
      <button type="button" onClick={() => tools.send({ type: 'tools.sectionAround', whole: true })} className={button}>
        {LL.viewer.clipping.aroundModel()}
      </button>
    </section>
  );
}
