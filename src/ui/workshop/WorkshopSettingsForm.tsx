/**
 * The owner's workshop settings: currency and labour per part, the sheet, saw and price of any
 * board and of each named material, and the price of each hardware item. Every change sends the
 * whole draft to the machine; Save checks it there and lists the problems in the user's language.
 */
import type { SettingsError, SheetMaterial, WorkshopSettings } from '../../machines/projects/workshopView';
import { useLL } from '../app/I18nProvider';
import { MachiningLayersFields } from './MachiningLayersFields';

type Sheet = WorkshopSettings['defaultMaterial'];
const SHEET_FIELDS = ['sheetLength', 'sheetWidth', 'kerf', 'trim', 'price'] as const;
const input = 'w-full rounded-lg border border-border bg-surface px-2 py-1 text-sm text-fg aria-[invalid=true]:border-danger';
const smallButton = 'rounded-lg border border-border px-2 py-1 text-sm font-semibold hover:border-primary';

function NumberField({ label, value, invalid, onChange }: { label: string; value: number; invalid: boolean; onChange: (value: number) => void }) {
  return (
    <label className="flex min-w-0 flex-col gap-0.5 text-xs text-fg-muted">
      {label}
      <input type="number" inputMode="decimal" step="any" min={0} className={input} aria-invalid={invalid} value={Number.isFinite(value) ? value : ''} onChange={(e) => onChange(e.target.valueAsNumber)} />
    </label>
  );
}

interface WorkshopSettingsFormProps {
  draft: WorkshopSettings;
  errors: SettingsError[];
  saving: boolean;
  saveFailed: boolean;
  onChange: (draft: WorkshopSettings) => void;
  onSave: () => void;
}

export function WorkshopSettingsForm({ draft, errors, saving, saveFailed, onChange, onSave }: WorkshopSettingsFormProps) {
  const LL = useLL();
  const T = LL.cutting.settings;
  const invalid = (field: string) => errors.some((e) => e.field === field);
  const fieldLabel = (field: string): string => {
    const [head, index, last] = field.split('.');
    if (head === 'labourPerPart') return T.labour();
    if (head === 'currency') return T.currency();
    const key = (head === 'defaultMaterial' ? index : last) as (typeof SHEET_FIELDS)[number] | 'price' | 'name';
    const what = head === 'defaultMaterial' ? T.defaultMaterial() : head === 'materials' ? (draft.materials[Number(index)]?.name ?? '') : (draft.hardware[Number(index)]?.name ?? '');
    const labels: Record<string, string> = { sheetLength: T.sheetLength(), sheetWidth: T.sheetWidth(), kerf: T.kerf(), trim: T.trim(), price: T.price(), name: T.name() };
    return `${what} – ${labels[key] ?? key}`;
  };
  const message = (e: SettingsError) => {
    const name = e.name === '' ? T.defaultMaterial() : e.name;
    if (e.code === 'number' || e.code === 'range') return T.errors[e.code]({ field: fieldLabel(e.field) });
    if (e.code === 'required' || e.code === 'currency') return T.errors[e.code]();
    return T.errors[e.code]({ name });
  };

  const sheetFields = (sheet: Sheet, path: string, set: (sheet: Sheet) => void) => (
    <>
      {SHEET_FIELDS.map((f) => (
        <NumberField key={f} label={{ sheetLength: T.sheetLength(), sheetWidth: T.sheetWidth(), kerf: T.kerf(), trim: T.trim(), price: T.price() }[f]} value={sheet[f]} invalid={invalid(`${path}.${f}`)} onChange={(v) => set({ ...sheet, [f]: v })} />
      ))}
      <label className="flex flex-col gap-0.5 text-xs text-fg-muted">
        {T.priceUnit()}
        <select className={input} value={sheet.priceUnit} onChange={(e) => set({ ...sheet, priceUnit: e.target.value === 'm2' ? 'm2' : 'sheet' })}>
          <option value="sheet">{T.perSheet()}</option>
          <option value="m2">{T.perM2()}</option>
        </select>
      </label>
      <label className="flex items-center gap-2 self-end pb-1 text-sm">
        <input type="checkbox" checked={sheet.grain} onChange={(e) => set({ ...sheet, grain: e.target.checked })} className="h-4 w-4 accent-primary" />
        {T.grain()}
      </label>
    </>
  );
  const setMaterial = (i: number, material: SheetMaterial) => onChange({ ...draft, materials: draft.materials.map((m, j) => (j === i ? material : m)) });
  const grid = 'grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-8';

  return (
    <form
      className="flex max-w-5xl flex-col gap-6 p-4 md:p-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      {errors.length > 0 ? (
        <ul role="alert" className="rounded-lg border border-danger bg-danger-surface p-3 text-sm text-danger" data-testid="settings-errors">
          {errors.map((e, i) => (
            <li key={i}>{message(e)}</li>
          ))}
        </ul>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <label className="flex flex-col gap-0.5 text-xs text-fg-muted">
          {T.currency()}
          <input className={input} value={draft.currency} maxLength={3} aria-invalid={invalid('currency')} onChange={(e) => onChange({ ...draft, currency: e.target.value.toUpperCase() })} />
        </label>
        <NumberField label={T.labour()} value={draft.labourPerPart} invalid={invalid('labourPerPart')} onChange={(v) => onChange({ ...draft, labourPerPart: v })} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-bold">{T.defaultMaterial()}</legend>
        <div className={grid}>{sheetFields(draft.defaultMaterial, 'defaultMaterial', (sheet) => onChange({ ...draft, defaultMaterial: sheet }))}</div>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-bold">{T.materials()}</legend>
        {draft.materials.map((m, i) => (
          <div key={i} className="flex flex-col gap-2 rounded-lg border border-border p-2" data-testid="material-settings">
            <div className="flex items-end gap-2">
              <label className="flex flex-1 flex-col gap-0.5 text-xs text-fg-muted">
                {T.name()}
                <input className={input} value={m.name} aria-invalid={invalid(`materials.${i}.name`)} onChange={(e) => setMaterial(i, { ...m, name: e.target.value })} />
              </label>
              <button type="button" className={smallButton} onClick={() => onChange({ ...draft, materials: draft.materials.filter((_, j) => j !== i) })}>
                {T.remove()}
              </button>
            </div>
            <div className={grid}>{sheetFields(m, `materials.${i}`, (sheet) => setMaterial(i, { ...m, ...sheet }))}</div>
          </div>
        ))}
        <button type="button" className={`${smallButton} self-start`} onClick={() => onChange({ ...draft, materials: [...draft.materials, { name: '', ...draft.defaultMaterial }] })}>
          {T.addMaterial()}
        </button>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-bold">{T.hardware()}</legend>
        {draft.hardware.map((h, i) => (
          <div key={i} className="flex items-end gap-2" data-testid="hardware-settings">
            <label className="flex flex-1 flex-col gap-0.5 text-xs text-fg-muted">
              {T.name()}
              <input className={input} value={h.name} aria-invalid={invalid(`hardware.${i}.name`)} onChange={(e) => onChange({ ...draft, hardware: draft.hardware.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) })} />
            </label>
            <div className="w-28">
              <NumberField label={T.price()} value={h.price} invalid={invalid(`hardware.${i}.price`)} onChange={(v) => onChange({ ...draft, hardware: draft.hardware.map((x, j) => (j === i ? { ...x, price: v } : x)) })} />
            </div>
            <button type="button" className={smallButton} onClick={() => onChange({ ...draft, hardware: draft.hardware.filter((_, j) => j !== i) })}>
              {T.remove()}
            </button>
          </div>
        ))}
        <button type="button" className={`${smallButton} self-start`} onClick={() => onChange({ ...draft, hardware: [...draft.hardware, { name: '', price: 0 }] })}>
          {T.addHardware()}
        </button>
      </fieldset>
      <MachiningLayersFields draft={draft} onChange={onChange} />
      {saveFailed ? (
        <p role="alert" className="text-sm text-danger">
          {T.saveFailed()}
        </p>
      ) : null}
      <button type="submit" disabled={saving} className="self-start rounded-lg bg-primary px-5 py-2 text-sm font-bold text-on-primary hover:bg-primary-hover disabled:opacity-50">
        {saving ? T.saving() : T.save()}
      </button>
    </form>
  );
}
