/**
 * The workshop's Quote tab (issue 51, the owner's side): the option groups the client chooses from
 * on the link, each bound to one material or hardware item of the current revision (picked from
 * what the model holds, with its count), with its choices (name, swatch, the board or hardware it
 * stands for, price rule); the first choice is the model's own. Every change sends the whole draft
 * to the machine; Save checks it there and lists the problems in the user's language. Below, a
 * preview: one choice per group of the saved options, the estimate of that selection, its PDF.
 * A choice may have a texture (a wood grain): the picture is sent at once, and the choice takes it
 * with the colour it averages to; a file of another kind or over the limit is refused with a reason.
 */
import { useActorRef, useSelector } from '@xstate/react';
import {
  QUOTE_CHOICES_MAX,
  QUOTE_GROUPS_MAX,
  QUOTE_NAME_MAX,
  QUOTE_PRICE_MAX,
  type QuoteChoice,
  type QuoteDraftError,
  type QuoteGroup,
  type QuoteOptions,
} from '../../machines/projects/quoteEditorMachine';
import { materialLabel } from '../../machines/projects/workshopView';
import type { DistanceUnit } from '../../machines/types';
import { useAppServices } from '../app/AppServices';
import { useLL, useLocale } from '../app/I18nProvider';
import { swatchStyle } from '../common/swatchStyle';
import { EstimateView } from './EstimateView';
import { RetryAlert } from '../common/RetryAlert';
import { moneyText } from './lengths';
import { BOARDS_LIST, QuoteChoiceRow, quoteFieldLabel, quoteInput, quoteSmallButton } from './QuoteChoiceRow';
import { draftErrorText, refusalText, textureProblemText } from './quoteTexts';

const input = quoteInput;
const smallButton = quoteSmallButton;
const fieldLabel = quoteFieldLabel;

const bindValue = (bind: QuoteGroup['bind']) => `${bind.kind}:${bind.name}`;

function newChoice(name: string): QuoteChoice {
  return { id: '', name, colour: '#d9d4c7', board: '', price: { kind: 'perSquareMetre', amount: 0 } };
}

export function QuoteTab({ projectId, projectName, unit }: { projectId: number; projectName: string; unit: DistanceUnit }) {
  const T = useLL().workshop.quote;
  const locale = useLocale();
  const { projects } = useAppServices();
  const actor = useActorRef(projects.machines.quoteEditor, { input: { projectId } });
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading'));
  const saving = useSelector(actor, (s) => s.matches({ ready: { editor: 'saving' } }));
  const preview = useSelector(actor, (s) => (s.matches({ ready: { preview: 'loaded' } }) ? 'loaded' : s.matches({ ready: { preview: 'failed' } }) ? 'failed' : 'loading'));
  const pdfSaving = useSelector(actor, (s) => s.matches({ ready: { pdf: 'saving' } }));
  const savingDefaults = useSelector(actor, (s) => s.matches({ ready: { defaults: 'saving' } }));
  const uploading = useSelector(actor, (s) => (s.matches({ ready: { texture: 'uploading' } }) ? s.context.textureTarget : null));
  const { quote, draft, errors, refusal, selection, estimate, pdfFailed, textureUrls, textureProblem, defaultsSaved } = useSelector(actor, (s) => s.context);

  if (state === 'loading') return <p className="p-6 text-sm text-fg-muted">{T.loading()}</p>;
  if (state === 'failed' || !quote || !draft) {
    return (
      <RetryAlert message={T.failed()} onRetry={() => actor.send({ type: 'quote.retry' })} className="p-6" />
    );
  }

  const money = (amount: number) => moneyText(amount, quote.currency, locale);
  const change = (next: QuoteOptions) => actor.send({ type: 'quote.draft', draft: next });
  const setGroup = (g: number, group: QuoteGroup) => change({ ...draft, groups: draft.groups.map((x, i) => (i === g ? group : x)) });
  const setChoice = (g: number, c: number, choice: QuoteChoice) => setGroup(g, { ...draft.groups[g], choices: draft.groups[g].choices.map((x, i) => (i === c ? choice : x)) });
  const invalid = (field: string) => errors.some((e) => e.field === field);
  const message = (e: QuoteDraftError) => draftErrorText(T, e, money(QUOTE_PRICE_MAX));
  const bindOptions = (group: QuoteGroup) => {
    const known = [...quote.materials.map((m) => bindValue({ kind: 'material', name: m.name })), ...quote.hardware.map((h) => bindValue({ kind: 'hardware', name: h.name }))];
    return known.includes(bindValue(group.bind)) || group.bind.name === '' ? null : (
      <option value={bindValue(group.bind)}>{T.bindGone({ name: group.bind.kind === 'material' ? materialLabel(group.bind.name) : group.bind.name })}</option>
    );
  };
  const addGroup = () => {
    const taken = new Set(draft.groups.map((g) => bindValue(g.bind)));
    const free = [...quote.materials.map((m) => ({ kind: 'material' as const, name: m.name })), ...quote.hardware.map((h) => ({ kind: 'hardware' as const, name: h.name }))].find((b) => !taken.has(bindValue(b)));
    const bind = free ?? { kind: 'material' as const, name: '' };
    change({ ...draft, groups: [...draft.groups, { id: '', name: '', bind, choices: [newChoice(bind.kind === 'material' ? materialLabel(bind.name) : bind.name)] }] });
  };

  return (
    <div className="flex max-w-5xl flex-col gap-6 p-4 md:p-6" data-testid="quote-tab">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'quote.save' });
        }}
      >
        <div>
          <h2 className="text-base font-extrabold">{T.title()}</h2>
          <p className="text-sm text-fg-muted">{T.intro()}</p>
          {quote.defaults ? (
            <p className="mt-1 text-sm font-semibold text-primary" data-testid="quote-from-defaults">
              {T.fromDefaults()}
            </p>
          ) : null}
        </div>
        <datalist id={BOARDS_LIST}>
          {quote.materials.map((m) => (
            <option key={m.name} value={m.name} />
          ))}
        </datalist>
        {draft.groups.length === 0 ? <p className="text-sm text-fg-muted">{T.noGroups()}</p> : null}
        {draft.groups.map((group, g) => (
          <fieldset key={g} aria-label={group.name.trim() || T.groupName()} className="flex flex-col gap-3 rounded-xl border border-border bg-surface-raised p-3" data-testid="quote-group">
            <div className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
              <label className={fieldLabel}>
                {T.groupName()}
                <input type="text" className={input} maxLength={QUOTE_NAME_MAX + 20} aria-invalid={invalid(`groups.${g}.name`)} value={group.name} onChange={(e) => setGroup(g, { ...group, name: e.target.value })} />
              </label>
              <label className={fieldLabel}>
                {T.bind()}
                <select
                  className={input}
                  aria-invalid={invalid(`groups.${g}.bind`)}
                  value={bindValue(group.bind)}
                  onChange={(e) => {
                    const [kind, ...name] = e.target.value.split(':');
                    setGroup(g, { ...group, bind: { kind: kind === 'hardware' ? 'hardware' : 'material', name: name.join(':') } });
                  }}
                >
                  <option value="material:">{T.bindNone()}</option>
                  {bindOptions(group)}
                  <optgroup label={T.materials()}>
                    {quote.materials.map((m) => (
                      <option key={m.name} value={bindValue({ kind: 'material', name: m.name })}>
                        {T.bindMaterial({ name: materialLabel(m.name), count: m.parts })}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label={T.hardware()}>
                    {quote.hardware.map((h) => (
                      <option key={h.name} value={bindValue({ kind: 'hardware', name: h.name })}>
                        {T.bindHardware({ name: h.name, count: h.quantity })}
                      </option>
                    ))}
                  </optgroup>
                </select>
              </label>
              <button type="button" className={smallButton} aria-label={T.removeGroup({ name: group.name })} onClick={() => change({ ...draft, groups: draft.groups.filter((_, i) => i !== g) })}>
                ✕
              </button>
            </div>
            <ul className="flex flex-col gap-2">
              {group.choices.map((choice, c) => {
                const at = `groups.${g}.choices.${c}`;
                return (
                  <QuoteChoiceRow
                    key={c}
                    choice={choice}
                    modelsOwn={c === 0}
                    invalid={(field) => invalid(`${at}.${field}`)}
                    currency={quote.currency}
                    textureUrl={choice.texture ? textureUrls[choice.texture] : undefined}
                    uploading={uploading?.group === g && uploading.choice === c}
                    uploadBusy={uploading !== null}
                    onChange={(next) => setChoice(g, c, next)}
                    onTexture={(file) => actor.send({ type: 'quote.texture', group: g, choice: c, file })}
                    onRemove={c > 0 ? () => setGroup(g, { ...group, choices: group.choices.filter((_, i) => i !== c) }) : null}
                  />
                );
              })}
            </ul>
            <button type="button" className={`${smallButton} self-start`} disabled={group.choices.length >= QUOTE_CHOICES_MAX} onClick={() => setGroup(g, { ...group, choices: [...group.choices, newChoice('')] })}>
              {T.addChoice()}
            </button>
          </fieldset>
        ))}
        <div className="flex flex-wrap items-end gap-3">
          <button type="button" className={smallButton} disabled={draft.groups.length >= QUOTE_GROUPS_MAX} onClick={addGroup}>
            {T.addGroup()}
          </button>
          <label className={`${fieldLabel} w-40`}>
            {T.validity()}
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              className={input}
              aria-invalid={invalid('validityDays')}
              value={Number.isFinite(draft.validityDays) ? draft.validityDays : ''}
              onChange={(e) => change({ ...draft, validityDays: e.target.value === '' ? Number.NaN : e.target.valueAsNumber })}
            />
          </label>
          <button type="submit" disabled={saving} className="rounded-lg bg-primary px-4 py-1.5 text-sm font-bold text-on-primary hover:bg-primary-hover disabled:opacity-50 sm:ml-auto">
            {saving ? T.saving() : T.save()}
          </button>
        </div>
        {errors.length > 0 ? (
          <ul role="alert" className="list-disc pl-5 text-sm text-danger" data-testid="quote-errors">
            {errors.map((e, i) => (
              <li key={i}>{message(e)}</li>
            ))}
          </ul>
        ) : null}
        {textureProblem ? (
          <p role="alert" className="text-sm text-danger" data-testid="quote-texture-problem">
            {textureProblemText(T, textureProblem)}
          </p>
        ) : null}
        {refusal ? (
          <p role="alert" className="text-sm text-danger" data-testid="quote-refusal">
            {refusalText(T, refusal)}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={smallButton} disabled={savingDefaults} onClick={() => actor.send({ type: 'quote.saveDefaults' })}>
            {savingDefaults ? T.savingDefaults() : T.saveDefaults()}
          </button>
          {defaultsSaved === 'saved' ? (
            <p role="status" className="text-sm text-fg-muted">
              {T.defaultsSaved()}
            </p>
          ) : null}
          {defaultsSaved === 'failed' ? (
            <p role="alert" className="text-sm text-danger">
              {T.defaultsFailed()}
            </p>
          ) : null}
        </div>
      </form>

      <section aria-label={T.preview()} className="flex flex-col gap-3 border-t border-border pt-4" data-testid="quote-preview">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-base font-extrabold">{T.preview()}</h2>
          <button
            type="button"
            className={`${smallButton} sm:ml-auto`}
            disabled={pdfSaving}
            onClick={() => actor.send({ type: 'quote.pdf', lang: locale, fileName: `${T.pdfFile()} – ${projectName}.pdf` })}
          >
            {T.pdf()}
          </button>
        </div>
        {pdfFailed ? <p role="alert" className="text-sm text-danger">{T.pdfFailed()}</p> : null}
        {quote.options.groups.map((group) => (
          <div key={group.id} role="radiogroup" aria-label={group.name} className="flex flex-wrap items-center gap-2">
            <span aria-hidden className="text-xs font-semibold text-fg-muted">
              {group.name}
            </span>
            {group.choices.map((choice, c) => {
              const on = (selection[group.id] ?? group.choices[0].id) === choice.id;
              return (
                <button
                  key={choice.id}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  onClick={() => actor.send({ type: 'quote.select', group: group.id, choice: choice.id })}
                  className={`flex items-center gap-1.5 rounded-lg border px-2.5 py-1 text-sm font-semibold ${on ? 'border-primary text-primary' : 'border-border text-fg hover:border-primary'}`}
                >
                  <span
                    aria-hidden
                    className="inline-block h-3.5 w-3.5 rounded-full border border-border"
                    style={swatchStyle(choice, textureUrls)}
                  />
                  {choice.name}
                  {c === 0 ? <span className="text-xs font-normal text-fg-muted">({T.modelsOwn()})</span> : null}
                </button>
              );
            })}
          </div>
        ))}
        {preview === 'loading' ? <p className="text-sm text-fg-muted">{T.previewLoading()}</p> : null}
        {preview === 'failed' ? (
          <RetryAlert message={T.previewFailed()} onRetry={() => actor.send({ type: 'quote.retry' })} />
        ) : null}
        {preview === 'loaded' && estimate ? <EstimateView estimate={estimate} unit={unit} /> : null}
      </section>
    </div>
  );
}

