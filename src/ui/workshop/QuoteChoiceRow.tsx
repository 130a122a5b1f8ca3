/**
 * One choice of a group in the Quote tab: its name (the first is the model's own), colour and
 * texture, the board or hardware it stands for, and its price rule. Every change gives the whole
 * choice back; the texture's file goes to the editor machine, which checks it.
 */
import { QUOTE_TEXTURE_EXTENSIONS, QUOTE_TEXTURE_MIME_TYPES, type QuoteChoice } from '../../machines/projects/quoteEditorMachine';
import { useLL } from '../app/I18nProvider';

export const quoteInput = 'w-full rounded-lg border border-border bg-surface px-2 py-1 text-sm text-fg aria-[invalid=true]:border-danger';
export const quoteSmallButton = 'rounded-lg border border-border px-2 py-1 text-sm font-semibold hover:border-primary disabled:opacity-50';
export const quoteFieldLabel = 'flex min-w-0 flex-col gap-0.5 text-xs text-fg-muted';
/** The id of the list of the model's materials the board fields offer. */
export const BOARDS_LIST = 'quote-boards';
const PRICE_KINDS = ['perSquareMetre', 'perPart', 'fixed'] as const;
const TEXTURE_ACCEPT = [...QUOTE_TEXTURE_MIME_TYPES, ...QUOTE_TEXTURE_EXTENSIONS].join(',');

interface QuoteChoiceRowProps {
  choice: QuoteChoice;
  modelsOwn: boolean;
  /** Whether a field of this choice (`name`, `colour`, `price`) has a problem listed. */
  invalid: (field: 'name' | 'colour' | 'price') => boolean;
  currency: string;
  textureUrl: string | undefined;
  /** This choice's texture is being uploaded; `uploadBusy`: some texture is. */
  uploading: boolean;
  uploadBusy: boolean;
  onChange: (choice: QuoteChoice) => void;
  onTexture: (file: File) => void;
  /** Null for the model's own choice, which stays. */
  onRemove: (() => void) | null;
}

export function QuoteChoiceRow({ choice, modelsOwn, invalid, currency, textureUrl, uploading, uploadBusy, onChange, onTexture, onRemove }: QuoteChoiceRowProps) {
  const T = useLL().workshop.quote;
  return (
    <li className="grid grid-cols-2 items-end gap-2 border-t border-border pt-2 sm:grid-cols-[1.2fr_auto_1.2fr_1fr_0.8fr_auto]" data-testid="quote-choice">
      <label className={quoteFieldLabel}>
        <span>
          {T.choiceName()}
          {modelsOwn ? <strong className="ml-1 text-primary">· {T.modelsOwn()}</strong> : null}
        </span>
        <input type="text" className={quoteInput} aria-invalid={invalid('name')} value={choice.name} onChange={(e) => onChange({ ...choice, name: e.target.value })} />
      </label>
      <div className="flex items-end gap-1.5">
        <label className={quoteFieldLabel}>
          {T.colour()}
          <input type="color" className="h-8 w-12 rounded border border-border" aria-invalid={invalid('colour')} value={choice.colour} onChange={(e) => onChange({ ...choice, colour: e.target.value })} />
        </label>
        <TextureField
          name={choice.name.trim() || T.choiceName()}
          url={textureUrl}
          busy={uploading}
          disabled={uploadBusy}
          onFile={onTexture}
          onRemove={() => onChange({ ...choice, texture: undefined })}
        />
      </div>
      <label className={quoteFieldLabel}>
        {T.board()}
        <input type="text" list={BOARDS_LIST} className={quoteInput} placeholder={T.boardPlaceholder()} value={choice.board} onChange={(e) => onChange({ ...choice, board: e.target.value })} />
      </label>
      <label className={quoteFieldLabel}>
        {T.priceKind()}
        <select className={quoteInput} value={choice.price.kind} onChange={(e) => onChange({ ...choice, price: { ...choice.price, kind: PRICE_KINDS.find((k) => k === e.target.value) ?? 'fixed' } })}>
          {PRICE_KINDS.map((k) => (
            <option key={k} value={k}>
              {T.kinds[k]()}
            </option>
          ))}
        </select>
      </label>
      <label className={quoteFieldLabel}>
        {T.amount({ currency })}
        <input
          type="number"
          inputMode="decimal"
          step="any"
          min={0}
          className={quoteInput}
          aria-invalid={invalid('price')}
          value={Number.isFinite(choice.price.amount) ? choice.price.amount : ''}
          onChange={(e) => onChange({ ...choice, price: { ...choice.price, amount: e.target.value === '' ? Number.NaN : e.target.valueAsNumber } })}
        />
      </label>
      {onRemove ? (
        <button type="button" className={quoteSmallButton} aria-label={T.removeChoice({ name: choice.name })} onClick={onRemove}>
          ✕
        </button>
      ) : (
        <span />
      )}
    </li>
  );
}

/** A choice's texture: its picture with a remove button, or a file picker (the machine checks the file). */
function TextureField(props: { name: string; url: string | undefined; busy: boolean; disabled: boolean; onFile: (file: File) => void; onRemove: () => void }) {
  const T = useLL().workshop.quote;
  if (props.url) {
    return (
      <span className="flex items-center gap-1">
        <img src={props.url} alt={T.textureOf({ name: props.name })} className="h-8 w-8 rounded border border-border object-cover" />
        <button type="button" className={quoteSmallButton} aria-label={T.removeTexture({ name: props.name })} onClick={props.onRemove}>
          ✕
        </button>
      </span>
    );
  }
  return (
    <label className={`${quoteSmallButton} cursor-pointer whitespace-nowrap ${props.disabled ? 'pointer-events-none opacity-50' : ''}`}>
      {props.busy ? T.uploadingTexture() : T.addTexture()}
      <input
        type="file"
        className="sr-only"
        accept={TEXTURE_ACCEPT}
        aria-label={T.textureOf({ name: props.name })}
        disabled={props.disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) props.onFile(file);
        }}
      />
    </label>
  );
}
