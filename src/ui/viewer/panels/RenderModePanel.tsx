/** The render mode panel (SPEC §4): only the modes this viewer allows (solid always). */
import { useSelector } from '@xstate/react';
import { selectAllowedModes, selectRenderMode } from '../../../machines/viewer/viewerSelectors';
import { useLL } from '../../app/I18nProvider';
import type { ToolsActor } from '../viewerActors';

export function RenderModePanel({ tools }: { tools: ToolsActor }) {
  const LL = useLL();
  const modes = useSelector(tools, selectAllowedModes, (a, b) => a.join() === b.join());
  const current = useSelector(tools, selectRenderMode);
  return (
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
  );
}
