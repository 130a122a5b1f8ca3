/**
 * The owner's quote options (issue 51), the workshop's Quote tab: the project's option groups are
 * read with the materials and hardware of the current revision they may bind, edited as a draft,
 * checked here before they are sent (a problem is listed, nothing sent), and saved; a refusal of
 * the server is kept by its code for the view to word. Beside the editor, a preview: the estimate
 * of one choice per group of the saved options, and the quote PDF of that selection.
 *   loading -> ready | failed (retry)
 *   ready: editor (editing <-> saving)
 *        ∥ preview (loading -> loaded | failed; again when a choice is picked or the options are saved)
 *        ∥ pdf (idle <-> saving)
 *        ∥ defaults (idle <-> saving: the saved options made the workshop's defaults, which a project
 *          with none of its own offers; `defaultsSaved` says how it went)
 *        ∥ texture (idle <-> uploading: a choice's texture image, checked here for its kind and size
 *          before it is sent; the uploaded texture and the colour it averages to go into the draft)
 * Ids come from names when the draft is sent: a group or choice keeps the id it was saved with,
 * a new one takes its name's (`idOfName`, unique among its neighbours).
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import type { Estimate } from '../../model/cutting/estimate';
import {
  normalSelection,
  QUOTE_CHOICES_MAX,
  QUOTE_GROUPS_MAX,
  QUOTE_NAME_MAX,
  QUOTE_PRICE_MAX,
  type QuoteChoice,
  type QuoteGroup,
  type QuoteOptions,
} from '../../model/quote/quoteOptions';
import { quoteTextureProblem } from '../../model/quote/quoteTexture';
import type { ProjectQuote, UploadedTexture } from '../../api/quoteSchemas';
import { namesAt, quoteDraftErrors, refusalOf, textureProblemOf, withIds, withTexture, type QuoteDraftError, type QuoteRefusal, type TextureProblem, type TextureTarget } from './quoteDraft';

export type { ProjectQuote, QuoteChoice, QuoteGroup, QuoteOptions };
export { QUOTE_CHOICES_MAX, QUOTE_GROUPS_MAX, QUOTE_NAME_MAX, QUOTE_PRICE_MAX };
export { QUOTE_TEXTURE_EXTENSIONS, QUOTE_TEXTURE_MAX_MEGABYTES, QUOTE_TEXTURE_MIME_TYPES } from '../../model/quote/quoteTexture';
export { quoteDraftErrors, withIds, withTexture, type QuoteDraftError, type QuoteDraftErrorCode, type QuoteRefusal, type TextureProblem, type TextureTarget } from './quoteDraft';

interface QuoteEditorInput {
  projectId: number;
}

interface QuoteEditorContext extends QuoteEditorInput {
  /** The options as saved, with what the model binds. */
  quote: ProjectQuote | null;
  draft: QuoteOptions | null;
  errors: QuoteDraftError[];
  refusal: QuoteRefusal | null;
  /** The preview's choices (group id -> choice id), of the saved options. */
  selection: Record<string, string>;
  estimate: Estimate | null;
  pdfFailed: boolean;
  /** How the last `quote.saveDefaults` went. */
  defaultsSaved: 'saved' | 'failed' | null;
  /** Texture id -> address: the saved options' and those uploaded since. */
  textureUrls: Record<string, string>;
  /** The choice the texture being uploaded is for. */
  textureTarget: TextureTarget | null;
  textureProblem: TextureProblem | null;
}

export type QuoteEditorEvent =
  | { type: 'quote.draft'; draft: QuoteOptions }
  | { type: 'quote.save' }
  | { type: 'quote.retry' }
  | { type: 'quote.select'; group: string; choice: string }
  | { type: 'quote.pdf'; lang: 'en' | 'fr'; fileName: string }
  | { type: 'quote.previewStale' }
  | { type: 'quote.saveDefaults' }
  | { type: 'quote.texture'; group: number; choice: number; file: File };

export const quoteEditorMachine = setup({
  types: { context: {} as QuoteEditorContext, events: {} as QuoteEditorEvent, input: {} as QuoteEditorInput },
  actors: {
    loadQuote: fromPromise<ProjectQuote, { projectId: number }>(async () => {
      throw new Error('loadQuote is provided by the app');
    }),
    saveQuote: fromPromise<ProjectQuote, { projectId: number; options: QuoteOptions }>(async () => {
      throw new Error('saveQuote is provided by the app');
    }),
    loadPreview: fromPromise<Estimate, { projectId: number; selection: Record<string, string> }>(async () => {
      throw new Error('loadPreview is provided by the app');
    }),
    saveQuotePdf: fromPromise<void, { projectId: number; selection: Record<string, string>; lang: 'en' | 'fr'; fileName: string }>(async () => {
      throw new Error('saveQuotePdf is provided by the app');
    }),
    saveDefaults: fromPromise<QuoteOptions, { options: QuoteOptions }>(async () => {
      throw new Error('saveDefaults is provided by the app');
    }),
    uploadTexture: fromPromise<UploadedTexture, { projectId: number; file: File }>(async () => {
      throw new Error('uploadTexture is provided by the app');
    }),
  },
  actions: {
    /** The preview's choice in a group; the model's own choice is kept as no choice. */
    select: assign(({ context, event }) =>
      event.type === 'quote.select' && context.quote ? { selection: normalSelection(context.quote.options, { ...context.selection, [event.group]: event.choice }) } : {},
    ),
  },
  guards: {
    draftHolds: ({ context }) => context.draft !== null && quoteDraftErrors(context.draft).length === 0,
    textureFits: ({ event }) => event.type === 'quote.texture' && quoteTextureProblem(event.file) === null,
  },
}).createMachine({
  id: 'quoteEditor',
  context: ({ input }) => ({ ...input, quote: null, draft: null, errors: [], refusal: null, selection: {}, estimate: null, pdfFailed: false, defaultsSaved: null, textureUrls: {}, textureTarget: null, textureProblem: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadQuote',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ quote: event.output, draft: event.output.options, textureUrls: event.output.textures })) },
        onError: 'failed',
      },
    },
    failed: { on: { 'quote.retry': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        editor: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'quote.draft': { actions: assign({ draft: ({ event }) => event.draft, errors: [], refusal: null }) },
                'quote.save': [
                  { guard: 'draftHolds', target: 'saving', actions: assign({ refusal: null }) },
                  { actions: assign({ errors: ({ context }) => (context.draft ? quoteDraftErrors(context.draft) : []) }) },
                ],
              },
            },
            saving: {
              invoke: {
                src: 'saveQuote',
                input: ({ context }) => ({ projectId: context.projectId, options: withIds(context.draft!) }),
                onDone: {
                  target: 'editing',
                  actions: [
                    assign(({ context, event }) => ({
                      quote: event.output,
                      draft: event.output.options,
                      selection: normalSelection(event.output.options, context.selection),
                      textureUrls: { ...context.textureUrls, ...event.output.textures },
                    })),
                    raise({ type: 'quote.previewStale' }),
                  ],
                },
                onError: { target: 'editing', actions: assign({ refusal: ({ context, event }) => refusalOf(event.error, context.draft, context.quote) }) },
              },
            },
          },
        },
        preview: {
          initial: 'loading',
          // Handled in each child: a transition of `preview` itself would leave the parallel state and cancel a save.
          states: {
            loading: {
              on: {
                'quote.previewStale': { target: 'loading', reenter: true },
                'quote.select': { target: 'loading', reenter: true, actions: 'select' },
              },
              invoke: {
                src: 'loadPreview',
                input: ({ context }) => ({ projectId: context.projectId, selection: context.selection }),
                onDone: { target: 'loaded', actions: assign({ estimate: ({ event }) => event.output }) },
                onError: 'failed',
              },
            },
            loaded: { on: { 'quote.previewStale': 'loading', 'quote.select': { target: 'loading', actions: 'select' } } },
            failed: { on: { 'quote.retry': 'loading', 'quote.previewStale': 'loading', 'quote.select': { target: 'loading', actions: 'select' } } },
          },
        },
        pdf: {
          initial: 'idle',
          states: {
            idle: { on: { 'quote.pdf': { target: 'saving', actions: assign({ pdfFailed: false }) } } },
            saving: {
              invoke: {
                src: 'saveQuotePdf',
                input: ({ context, event }) => {
                  const { lang, fileName } = event as Extract<QuoteEditorEvent, { type: 'quote.pdf' }>;
                  return { projectId: context.projectId, selection: context.selection, lang, fileName };
                },
                onDone: 'idle',
                onError: { target: 'idle', actions: assign({ pdfFailed: true }) },
              },
            },
          },
        },
        defaults: {
          initial: 'idle',
          states: {
            idle: { on: { 'quote.saveDefaults': { target: 'saving', actions: assign({ defaultsSaved: null }) } } },
            saving: {
              invoke: {
                src: 'saveDefaults',
                input: ({ context }) => ({ options: context.quote!.options }),
                onDone: { target: 'idle', actions: assign({ defaultsSaved: 'saved' }) },
                onError: { target: 'idle', actions: assign({ defaultsSaved: 'failed' }) },
              },
            },
          },
        },
        texture: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'quote.texture': [
                  { guard: 'textureFits', target: 'uploading', actions: assign({ textureTarget: ({ event }) => ({ group: event.group, choice: event.choice }), textureProblem: null }) },
                  {
                    actions: assign({
                      textureProblem: ({ context, event }) => ({ code: quoteTextureProblem(event.file) ?? 'type', ...namesAt(context.draft, { group: event.group, choice: event.choice }) }),
                    }),
                  },
                ],
              },
            },
            uploading: {
              invoke: {
                src: 'uploadTexture',
                input: ({ context, event }) => ({ projectId: context.projectId, file: (event as Extract<QuoteEditorEvent, { type: 'quote.texture' }>).file }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    draft: context.draft && context.textureTarget ? withTexture(context.draft, context.textureTarget, event.output) : context.draft,
                    textureUrls: { ...context.textureUrls, [event.output.texture]: event.output.url },
                    textureTarget: null,
                  })),
                },
                onError: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({ textureProblem: textureProblemOf(event.error, context.draft, context.textureTarget), textureTarget: null })),
                },
              },
            },
          },
        },
      },
    },
  },
});

export type QuoteEditorMachine = typeof quoteEditorMachine;
