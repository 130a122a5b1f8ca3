/**
 * The layer names of the machining DXF files in the workshop settings: a preset, and per kind of
 * shape a name of the workshop's own (empty: the preset's, shown as the placeholder).
 */
import { DEFAULT_MACHINING_LAYERS, LAYER_KINDS, LAYER_PRESETS, type LayerKind, type LayerPreset, type MachiningLayers } from '../../model/machining/dxfLayers';
import type { WorkshopSettings } from '../../machines/projects/workshopView';
import { useLL } from '../app/I18nProvider';

const input = 'w-full rounded-lg border border-border bg-surface px-2 py-1 text-sm text-fg';
const TOKENS = '{face} {back} {diameter} {depth} {width} {z} {thickness}';

export function MachiningLayersFields({ draft, onChange }: { draft: WorkshopSettings; onChange: (draft: WorkshopSettings) => void }) {
  const T = useLL().cutting.settings;
  const layers = draft.machiningLayers ?? DEFAULT_MACHINING_LAYERS;
  const set = (next: MachiningLayers) => onChange({ ...draft, machiningLayers: next });
  const setTemplate = (kind: LayerKind, value: string) => {
    const templates = { ...layers.templates };
    // An empty name falls back to the preset's.
    if (value.trim() === '') delete templates[kind];
    else templates[kind] = value;
    set({ ...layers, templates });
  };
  return (
    <fieldset className="flex flex-col gap-2" data-testid="machining-layers">
      <legend className="mb-2 text-sm font-bold">{T.machiningLayers()}</legend>
      <label className="flex flex-col gap-0.5 text-xs text-fg-muted sm:max-w-sm">
        {T.layerPreset()}
        <select className={input} value={layers.preset} onChange={(e) => set({ ...layers, preset: e.target.value as LayerPreset })}>
          {(Object.keys(LAYER_PRESETS) as LayerPreset[]).map((preset) => (
            <option key={preset} value={preset}>
              {T.presets[preset]()}
            </option>
          ))}
        </select>
      </label>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {LAYER_KINDS.map((kind) => (
          <label key={kind} className="flex flex-col gap-0.5 text-xs text-fg-muted">
            {T.layerKinds[kind]()}
            <input className={input} maxLength={80} value={layers.templates[kind] ?? ''} placeholder={LAYER_PRESETS[layers.preset].templates[kind]} onChange={(e) => setTemplate(kind, e.target.value)} />
          </label>
        ))}
      </div>
      <p className="text-xs text-fg-muted">
        {T.layerHint()} <code className="text-fg">{TOKENS}</code>
      </p>
    </fieldset>
  );
}
