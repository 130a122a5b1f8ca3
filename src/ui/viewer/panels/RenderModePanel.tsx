/**
 * The render mode panel (SPEC §4): only the modes this viewer allows (solid always); and the
 * exploded view's slider (owner and guest), from as built to fully apart.
 */
import { useSelector } from '@xstate/react';
import { selectAllowedModes, selectExplode, selectRenderMode } from '../../../machines/viewer/viewerSelectors';
import { useLL } from '../../app/I18nProvider';
import type { ToolsActor } from '../viewerActors';

export function RenderModePanel({ tools }: { tools: ToolsActor }) {
  const LL = useLL();
  const modes = useSelector(tools, selectAllowedModes, (a, b) => a.join() === b.join());
  const current = useSelector(tools, selectRenderMode);
  const explode = useSelector(tools, selectExplode);
  return (
    <div className="flex flex-col gap-5">
    <div role="radiogroup" aria-label={LL.viewer.renderMode()} className="flex flex-col gap-2">
      {modes.map((mode) => (
        <button
          key={mode}
          type="button"
          role="radio"
          aria-checked={mode === current}
          onClick={() => tools.send({ type: 'tools.renderMode', mode })}
          className={`rounded-lg border px-3 py-2 text-left text-sm font-semibold transition-colors ${
            mode === current ? 'border-primary bg-primary text-on-primary' : 'border-border text-fg hover:border-primary'
          }`}
        >
          {LL.viewer.renderModes[mode]()}
        </button>
      ))}
    </div>
    <label className="flex flex-col gap-2 text-sm font-semibold text-fg">
      <span className="flex items-center justify-between">
        {LL.viewer.explode()}
        <output className="font-normal text-fg-muted tabular-nums">{Math.round(explode * 100)} %</output>
      </span>
      <input
        type="range"
        aria-label={LL.viewer.explode()}
        aria-valuetext={`${Math.round(explode * 100)} %`}
        min={0}
        max={100}
        step={1}
        value={Math.round(explode * 100)}
        onChange={(e) => tools.send({ type: 'tools.explode', factor: Number(e.target.value) / 100 })}
        className="w-full accent-primary"
      />
    </label>
    </div>
  );
}
