/**
 * The workshop's Quote tab (issue 51, the owner's side), the rules written here: the project's
 * options are read with the materials and hardware the model binds (a failure offers Retry). Then,
 * side by side:
 * - the editor keeps a draft; Save sends it only when it holds (every name given and not given
 *   twice, every price a number from 0 to the max), else it lists the problems and sends nothing;
 *   a new group or choice is sent with the id of its name, a saved one keeps its id; the options
 *   saved become the draft; a refusal is kept by its code (a group bound to no part is named) and
 *   the draft stays; a new edit clears the problems and the refusal;
 * - the preview reads the estimate of the selection (one choice per saved group, the model's own
 *   left out) at once, again when a choice is picked or the options are saved; a failed read
 *   offers Retry;
 * - the quote PDF of that selection is saved one at a time, in the language asked; a failed one
 *   says so until the next;
 * - the saved options are made the workshop's defaults on demand, one save at a time, saying how it went;
 * - a choice's texture is sent one at a time, only a PNG, JPEG or WebP file of at most 2 MB (else
 *   the reason is shown and nothing sent); the uploaded texture and its colour go into that choice
 *   of the draft, its address is kept; a refusal says why by the server's status.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import { RequestError } from '../../src/api/errors';
import type { ProjectQuote } from '../../src/api/quoteSchemas';
import type { Estimate } from '../../src/model/cutting/estimate';
import type { QuoteOptions } from '../../src/model/quote/quoteOptions';
import { quoteEditorMachine, type QuoteEditorEvent } from '../../src/machines/projects/quoteEditorMachine';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { withCallLog, type LoggedSut } from './callLog';
import { defineRun, type MachineModel } from './machineModel';

type Event = QuoteEditorEvent | { type: string; output?: unknown; error?: unknown };

const input = { projectId: 9 };
const fronts = {
  id: 'fronts',
  name: 'Fronts',
  bind: { kind: 'material' as const, name: 'Oak veneer 19' },
  choices: [
    { id: 'oak', name: 'Oak veneer', colour: '#b08850', board: '', price: { kind: 'perSquareMetre' as const, amount: 20 } },
    { id: 'white', name: 'White lacquer', colour: '#f2f1ec', board: 'White lacquer MDF 19', price: { kind: 'perSquareMetre' as const, amount: 65 } },
  ],
};
/** The options the tab reads first (the driver puts them on the server before each path). */
export const QUOTE_LOADED: ProjectQuote = {
  options: { groups: [fronts], validityDays: 30 },
  materials: [{ name: 'Oak veneer 19', parts: 3 }, { name: 'Melamine white 18', parts: 2 }],
  hardware: [{ name: 'Bar handle', quantity: 2 }],
  currency: 'EUR',
  textures: {},
  defaults: false,
};
/** A new group (no ids yet, names with spaces around) and the saved group renamed. */
const good: QuoteOptions = {
  validityDays: 45,
  groups: [
    { ...fronts, name: 'Doors' },
    {
      id: '',
      name: ' Walnut tops ',
      bind: { kind: 'material', name: 'Walnut 19' },
      choices: [
        { id: '', name: 'Walnut', colour: '#5a3b22', board: '', price: { kind: 'fixed', amount: 0 } },
        { id: '', name: 'Oiled walnut', colour: '#6b4a2e', board: ' Walnut oiled 19 ', price: { kind: 'perPart', amount: 12.5 } },
      ],
    },
  ],
};
/** The oracle's own reading of `good` as sent: the saved ids kept, the new ones from the names, names trimmed. */
const goodSent: QuoteOptions = {
  validityDays: 45,
  groups: [
    { ...fronts, name: 'Doors' },
    {
      id: 'walnut-tops',
      name: 'Walnut tops',
      bind: { kind: 'material', name: 'Walnut 19' },
      choices: [
        { id: 'walnut', name: 'Walnut', colour: '#5a3b22', board: '', price: { kind: 'fixed', amount: 0 } },
        { id: 'oiled-walnut', name: 'Oiled walnut', colour: '#6b4a2e', board: 'Walnut oiled 19', price: { kind: 'perPart', amount: 12.5 } },
      ],
    },
  ],
};
const badPrice: QuoteOptions = { ...QUOTE_LOADED.options, groups: [{ ...fronts, choices: [fronts.choices[0], { ...fronts.choices[1], price: { kind: 'perSquareMetre', amount: Number.NaN } }] }] };
const twice: QuoteOptions = { ...QUOTE_LOADED.options, groups: [fronts, { ...fronts, id: '', name: 'FRONTS' }] };
/** What the server answers to the good draft: the options as sent. */
const saved: ProjectQuote = { ...QUOTE_LOADED, options: goodSent };
const estimate: Estimate = { currency: 'EUR', revision: 2, lines: [], options: [], total: 120, previous: null };
/** As the API client throws it: the server's code, and its message quoting the group. */
const bindsNothing = new RequestError('PUT', '/api/v1/projects/9/options', 400, 'Bad Request', 'option_binds_nothing', 'The group “Walnut tops” is bound to no part of the current model: check its material or hardware name.');

/** Files the owner may pick: a grain photo, one over 2 MB, an SVG (what the oracle knows of each is below). */
const named = (file: File) => Object.assign(file, { toJSON: () => `File ${file.name}` }); // the path generator tells events apart by their JSON
const grainFile = named(new File([new Uint8Array(120_000)], 'walnut grain.jpg', { type: 'image/jpeg' }));
const hugeFile = named(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'scan.png', { type: 'image/png' }));
const svgFile = named(new File(['<svg/>'], 'grain.svg', { type: 'image/svg+xml' }));
const fileProblemOf = (file: File) => (file === hugeFile ? 'size' : file === svgFile ? 'type' : null);
const uploaded = { texture: 'f'.repeat(32), colour: '#9c7644', url: '/api/v1/projects/9/options/textures/ffff' };
const namesIn = (draft: QuoteOptions, at: { group: number; choice: number }) => ({ group: draft.groups[at.group].name, choice: draft.groups[at.group].choices[at.choice].name });

/** The oracle's own rules for a draft: which problems it has, by code. */
const problemsOf = (draft: QuoteOptions) => (draft === badPrice ? ['priceNumber'] : draft === twice ? ['duplicateGroup'] : []);

type Editor = 'editing' | 'saving';
type Preview = 'loading' | 'loaded' | 'failed';
type Pdf = 'idle' | 'saving';
type Texture = 'idle' | 'uploading';
type Defaults = 'idle' | 'saving';

export interface QuoteExpected extends Expected {
  value: 'loading' | 'failed' | { ready: { editor: Editor; preview: Preview; pdf: Pdf; defaults: Defaults; texture: Texture } };
  quote: ProjectQuote | null;
  draft: QuoteOptions | null;
  errors: string[];
  refusal: unknown;
  selection: Record<string, string>;
  estimate: Estimate | null;
  pdfFailed: boolean;
  defaultsSaved: 'saved' | 'failed' | null;
  textureUrls: Record<string, string>;
  textureFor: { group: number; choice: number } | null;
  textureProblem: unknown;
  calls: { loadQuote: unknown[]; saveQuote: unknown[]; loadPreview: unknown[]; saveQuotePdf: unknown[]; saveDefaults: unknown[]; uploadTexture: unknown[] };
}

const ready = (e: QuoteExpected) => (typeof e.value === 'object' ? e.value.ready : null);
const at = (e: QuoteExpected, part: Partial<{ editor: Editor; preview: Preview; pdf: Pdf; defaults: Defaults; texture: Texture }>): QuoteExpected => ({ ...e, value: { ready: { ...ready(e)!, ...part } } });
const readPreview = (e: QuoteExpected, why: string): QuoteExpected => ({
  ...at(e, { preview: 'loading' }),
  calls: { ...e.calls, loadPreview: [...e.calls.loadPreview, { projectId: 9, selection: e.selection }] },
  effects: [...e.effects, `${why}: GET projects/9/estimate?options=${Object.entries(e.selection).map(([g, c]) => `${g}.${c}`).join(',')}`],
});
/** A choice of a saved group other than its first: kept; the first (the model's own) or an unknown one: left out. */
const selectionIn = (quote: ProjectQuote, selection: Record<string, string>) =>
  Object.fromEntries(quote.options.groups.flatMap((g) => (g.choices.slice(1).some((c) => c.id === selection[g.id]) ? [[g.id, selection[g.id]]] : [])));

export const quoteEditorOracle: Oracle<Event, QuoteExpected> = {
  initial: () => ({
    value: 'loading', effects: ['GET projects/9/options'], quote: null, draft: null, errors: [], refusal: null, selection: {}, estimate: null, pdfFailed: false,
    defaultsSaved: null, textureUrls: {}, textureFor: null, textureProblem: null,
    calls: { loadQuote: [{ projectId: 9 }], saveQuote: [], loadPreview: [], saveQuotePdf: [], saveDefaults: [], uploadTexture: [] },
  }),
  next(e, event) {
    const base: QuoteExpected = { ...e, effects: [] };
    const payload = event as Record<string, unknown>;
    if (e.value === 'loading') {
      if (event.type === 'xstate.done.actor.loadQuote') {
        const quote = payload.output as ProjectQuote;
        return readPreview({ ...base, value: { ready: { editor: 'editing', preview: 'loading', pdf: 'idle', defaults: 'idle', texture: 'idle' } }, quote, draft: quote.options, textureUrls: quote.textures, effects: ['editor shown'] }, 'preview');
      }
      if (event.type === 'xstate.error.actor.loadQuote') return { ...base, value: 'failed', effects: ['failure shown, Retry offered'] };
      return base;
    }
    if (e.value === 'failed') {
      if (event.type === 'quote.retry') return { ...base, value: 'loading', calls: { ...e.calls, loadQuote: [...e.calls.loadQuote, { projectId: 9 }] }, effects: ['GET again'] };
      return base;
    }
    const r = ready(e)!;
    switch (event.type) {
      case 'quote.draft':
        return r.editor === 'editing' ? { ...base, draft: payload.draft as QuoteOptions, errors: [], refusal: null, effects: ['draft edited'] } : base;
      case 'quote.save': {
        if (r.editor !== 'editing') return base;
        const problems = problemsOf(e.draft!);
        if (problems.length > 0) return { ...base, errors: problems, effects: ['problems listed, nothing sent'] };
        const options = e.draft === good ? goodSent : e.draft;
        return { ...at(base, { editor: 'saving' }), refusal: null, calls: { ...e.calls, saveQuote: [...e.calls.saveQuote, { projectId: 9, options }] }, effects: ['PUT projects/9/options'] };
      }
      case 'xstate.done.actor.saveQuote': {
        const quote = payload.output as ProjectQuote;
        return readPreview(
          { ...at(base, { editor: 'editing' }), quote, draft: quote.options, selection: selectionIn(quote, e.selection), textureUrls: { ...e.textureUrls, ...quote.textures }, effects: ['options saved'] },
          'saved options',
        );
      }
      case 'xstate.error.actor.saveQuote': {
        const error = payload.error as { code?: string } | undefined;
        const refusal = error?.code === 'option_binds_nothing' ? { code: 'bindsNothing', groups: ['Walnut tops'] } : { code: 'failed' };
        return { ...at(base, { editor: 'editing' }), refusal, effects: ['refusal shown, draft kept'] };
      }
      case 'quote.select': {
        const selection = selectionIn(e.quote!, { ...e.selection, [payload.group as string]: payload.choice as string });
        return readPreview({ ...base, selection, effects: [`${payload.group as string}: ${payload.choice as string}`] }, 'new choice');
      }
      case 'xstate.done.actor.loadPreview':
        return { ...at(base, { preview: 'loaded' }), estimate: payload.output as Estimate, effects: ['estimate of the selection shown'] };
      case 'xstate.error.actor.loadPreview':
        return { ...at(base, { preview: 'failed' }), effects: ['preview failure shown, Retry offered'] };
      case 'quote.retry':
        return r.preview === 'failed' ? readPreview(base, 'retry') : base;
      case 'quote.pdf':
        if (r.pdf !== 'idle') return base;
        return {
          ...at(base, { pdf: 'saving' }), pdfFailed: false,
          calls: { ...e.calls, saveQuotePdf: [...e.calls.saveQuotePdf, { projectId: 9, selection: e.selection, lang: payload.lang, fileName: payload.fileName }] },
          effects: [`GET projects/9/quote.pdf?lang=${payload.lang as string}, saved`],
        };
      case 'xstate.done.actor.saveQuotePdf':
        return { ...at(base, { pdf: 'idle' }), effects: ['PDF saved'] };
      case 'xstate.error.actor.saveQuotePdf':
        return { ...at(base, { pdf: 'idle' }), pdfFailed: true, effects: ['PDF failure shown'] };
      case 'quote.saveDefaults':
        if (r.defaults !== 'idle') return base;
        return {
          ...at(base, { defaults: 'saving' }), defaultsSaved: null,
          calls: { ...e.calls, saveDefaults: [...e.calls.saveDefaults, { options: e.quote!.options }] },
          effects: ['PUT settings/workshop/options with the saved options'],
        };
      case 'xstate.done.actor.saveDefaults':
        return { ...at(base, { defaults: 'idle' }), defaultsSaved: 'saved', effects: ['“saved as the defaults” shown'] };
      case 'xstate.error.actor.saveDefaults':
        return { ...at(base, { defaults: 'idle' }), defaultsSaved: 'failed', effects: ['defaults failure shown'] };
      case 'quote.texture': {
        if (r.texture !== 'idle') return base;
        const target = { group: payload.group as number, choice: payload.choice as number };
        const problem = fileProblemOf(payload.file as File);
        if (problem) return { ...base, textureProblem: { code: problem, ...namesIn(e.draft!, target) }, effects: [`texture refused (${problem}), nothing sent`] };
        return {
          ...at(base, { texture: 'uploading' }), textureFor: target, textureProblem: null,
          calls: { ...e.calls, uploadTexture: [...e.calls.uploadTexture, { projectId: 9, file: payload.file }] },
          effects: ['PUT projects/9/options/textures'],
        };
      }
      case 'xstate.done.actor.uploadTexture': {
        const uploaded = payload.output as { texture: string; colour: string; url: string };
        const { group, choice } = e.textureFor!;
        const draft = {
          ...e.draft!,
          groups: e.draft!.groups.map((g, i) => (i !== group ? g : { ...g, choices: g.choices.map((c, j) => (j !== choice ? c : { ...c, texture: uploaded.texture, colour: uploaded.colour })) })),
        };
        return { ...at(base, { texture: 'idle' }), draft, textureFor: null, textureUrls: { ...e.textureUrls, [uploaded.texture]: uploaded.url }, effects: ['the choice shows its texture'] };
      }
      case 'xstate.error.actor.uploadTexture': {
        const status = (payload.error as { status?: number }).status;
        const code = status === 413 ? 'size' : status === 415 ? 'type' : status === 400 ? 'unreadable' : 'failed';
        return { ...at(base, { texture: 'idle' }), textureFor: null, textureProblem: { code, ...namesIn(e.draft!, e.textureFor!) }, effects: [`texture refused by the server (${code})`] };
      }
    }
    return base;
  },
  check(real, e, sut) {
    const s = sut as LoggedSut;
    const c = real.context as {
      quote: ProjectQuote | null; draft: QuoteOptions | null; errors: { code: string }[]; refusal: unknown; selection: Record<string, string>; estimate: Estimate | null; pdfFailed: boolean;
      textureUrls: Record<string, string>; textureProblem: unknown; defaultsSaved: unknown;
    };
    same({ quote: c.quote, draft: c.draft }, { quote: e.quote, draft: e.draft }, 'the options and the draft');
    same(c.errors.map((x) => x.code), e.errors, 'the problems listed');
    same(c.refusal, e.refusal, 'the refusal shown');
    same({ selection: c.selection, estimate: c.estimate, pdfFailed: c.pdfFailed }, { selection: e.selection, estimate: e.estimate, pdfFailed: e.pdfFailed }, 'the preview');
    same({ urls: c.textureUrls, problem: c.textureProblem }, { urls: e.textureUrls, problem: e.textureProblem }, 'the textures');
    same(c.defaultsSaved, e.defaultsSaved, 'how saving the defaults went');
    same(s.calls, e.calls, 'the calls made');
    const r = ready(e);
    same(s.pending.loadPreview.map((call) => call.input), r?.preview === 'loading' ? [e.calls.loadPreview.at(-1)] : [], 'the preview read in flight');
    same(s.pending.saveQuote.map((call) => call.input), r?.editor === 'saving' ? [e.calls.saveQuote.at(-1)] : [], 'the save in flight');
    same(s.pending.saveQuotePdf.map((call) => call.input), r?.pdf === 'saving' ? [e.calls.saveQuotePdf.at(-1)] : [], 'the PDF in flight');
    same(s.pending.saveDefaults.map((call) => call.input), r?.defaults === 'saving' ? [e.calls.saveDefaults.at(-1)] : [], 'the defaults save in flight');
    same(s.pending.uploadTexture.map((call) => call.input), r?.texture === 'uploading' ? [e.calls.uploadTexture.at(-1)] : [], 'the texture in flight');
  },
};

/** Each run plays its own events only (the machine raises `quote.previewStale` itself: neither the page nor the server sends it). */
const only = (events: Event[]) => {
  const types = new Set(events.map((e) => e.type));
  return (_snapshot: unknown, event: Event) => types.has(event.type);
};
const editing: Event[] = [
  { type: 'xstate.done.actor.loadQuote', output: QUOTE_LOADED },
  { type: 'xstate.error.actor.loadQuote', error: new Error('offline') },
  { type: 'quote.retry' },
  { type: 'quote.draft', draft: good },
  { type: 'quote.draft', draft: badPrice },
  { type: 'quote.draft', draft: twice },
  { type: 'quote.save' },
  { type: 'xstate.done.actor.saveQuote', output: saved },
  { type: 'xstate.error.actor.saveQuote', error: bindsNothing },
  { type: 'xstate.error.actor.saveQuote', error: new Error('offline') },
  { type: 'xstate.done.actor.loadPreview', output: estimate },
];
/** The server answers a save with the options it was sent: the good draft's (with ids), or the loaded ones. */
const editingEvents = (snapshot: { context: unknown }): Event[] =>
  editing.map((e) => (e.type === 'xstate.done.actor.saveQuote' ? { ...e, output: (snapshot.context as { draft: unknown }).draft === good ? saved : QUOTE_LOADED } : e));
const previewing: Event[] = [
  { type: 'xstate.done.actor.loadQuote', output: QUOTE_LOADED },
  { type: 'xstate.done.actor.loadPreview', output: estimate },
  { type: 'xstate.error.actor.loadPreview', error: new Error('500') },
  { type: 'quote.retry' },
  { type: 'quote.select', group: 'fronts', choice: 'white' },
  { type: 'quote.select', group: 'fronts', choice: 'oak' },
  { type: 'quote.pdf', lang: 'fr', fileName: 'Devis – Kitchen.pdf' },
  { type: 'xstate.done.actor.saveQuotePdf', output: undefined },
  { type: 'xstate.error.actor.saveQuotePdf', error: new Error('offline') },
  // The loaded draft saved as it is: the preview is read again, the selection kept.
  { type: 'quote.save' },
  { type: 'xstate.done.actor.saveQuote', output: QUOTE_LOADED },
  { type: 'quote.saveDefaults' },
  { type: 'xstate.done.actor.saveDefaults', output: QUOTE_LOADED.options },
  { type: 'xstate.error.actor.saveDefaults', error: new Error('offline') },
];

const texturing: Event[] = [
  { type: 'xstate.done.actor.loadQuote', output: { ...QUOTE_LOADED, textures: { ['c'.repeat(32)]: '/t/c' } } },
  { type: 'quote.texture', group: 0, choice: 1, file: grainFile },
  { type: 'quote.texture', group: 0, choice: 0, file: hugeFile },
  { type: 'quote.texture', group: 0, choice: 1, file: svgFile },
  { type: 'xstate.done.actor.uploadTexture', output: uploaded },
  { type: 'xstate.error.actor.uploadTexture', error: Object.assign(new Error('413'), { status: 413 }) },
  { type: 'xstate.error.actor.uploadTexture', error: Object.assign(new Error('400'), { status: 400 }) },
  { type: 'xstate.error.actor.uploadTexture', error: new Error('offline') },
];

const sut = () => withCallLog(createSut(quoteEditorMachine, { promiseActors: ['loadQuote', 'saveQuote', 'loadPreview', 'saveQuotePdf', 'saveDefaults', 'uploadTexture'], input }));
const draftKind = (draft: unknown) => (draft === good ? 'good' : draft === badPrice ? 'badPrice' : draft === twice ? 'twice' : draft === saved.options ? 'saved' : 'loaded');

export const quoteEditorModel: MachineModel = {
  name: 'quoteEditor',
  machine: quoteEditorMachine,
  source: 'src/machines/projects/quoteEditorMachine.ts',
  testFile: 'tests/machines/quoteEditorMachine.test.ts',
  runs: [
    {
      label: 'the owner edits and saves the options of project 9',
      run: defineRun<Event>({
        events: editingEvents,
        input,
        filterEvents: only(editing),
        serializeState: (s) => {
          const c = s.context as { draft: unknown; errors: unknown[]; refusal: { code: string } | null; quote: unknown };
          return JSON.stringify([s.value, draftKind(c.draft), c.errors.length > 0, c.refusal?.code ?? null, c.quote === saved]);
        },
        sut,
        oracle: quoteEditorOracle as never,
      }),
    },
    {
      label: 'the owner previews a selection and saves its PDF',
      run: defineRun<Event>({
        events: previewing,
        input,
        filterEvents: only(previewing),
        serializeState: (s) => {
          const c = s.context as { selection: Record<string, string>; pdfFailed: boolean; defaultsSaved: unknown };
          return JSON.stringify([s.value, c.selection, c.pdfFailed, c.defaultsSaved]);
        },
        sut,
        oracle: quoteEditorOracle as never,
      }),
    },
    {
      label: 'the owner gives a choice a texture',
      run: defineRun<Event>({
        events: texturing,
        input,
        filterEvents: only(texturing),
        serializeState: (s) => {
          const c = s.context as { textureProblem: { code: string } | null; draft: QuoteOptions | null };
          return JSON.stringify([s.value, c.textureProblem?.code ?? null, c.draft?.groups[0]?.choices.map((x) => x.texture ?? null) ?? null]);
        },
        sut,
        oracle: quoteEditorOracle as never,
      }),
    },
  ],
};
