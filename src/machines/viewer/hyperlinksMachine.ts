/**
 * The hyperlinks (attachments) of a project (SPEC §3, §5, §6), by id or access key. Three
 * parallel regions, as for comments:
 *   list:     loading -> ready | failed (hyperlinks.retry -> loading)
 *   form:     editing <-> sending (hyperlinks.submit when creation is allowed and the trimmed name
 *             and link are valid; the form clears on success, keeps its values on failure)
 *   deletion: idle <-> deleting. hyperlinks.delete removes a deletable hyperlink at once and queues
 *             the remote delete; a failure puts it back and sets `error`.
 * Link decision: a link typed without a scheme (`example.com/a`) is sent as `https://...`; only
 * http and https links are accepted (the server refuses others).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ProjectRef } from '../../api/client';
import type { Attachment, AttachmentCreate, CreatedItem } from '../../api/schemas';
import { ATTACHMENT_NAME_MAX_LENGTH, httpUrlSchema } from '../../api/schemas';
import { canDelete, errorKind, sortByDate, upsert, withoutId, type ContentError } from './contentList';

/** A hyperlink (an attachment of SPEC §3) as the panel shows it. */
export type Hyperlink = Attachment;
export { ATTACHMENT_NAME_MAX_LENGTH };

export interface HyperlinksInput {
  ref: ProjectRef;
  /** False where the link's owner turned this list off: nothing is fetched (the API would answer 404). */
  enabled?: boolean;
  /** canCreateAttachment: never on public links. */
  canCreate: boolean;
  authorName: string;
  authorAvatarUrl?: string;
}

export interface HyperlinkDraft {
  name: string;
  url: string;
}

export interface HyperlinksContext extends Required<HyperlinksInput> {
  hyperlinks: Attachment[];
  draft: HyperlinkDraft;
  deleting: Attachment[];
  error: ContentError | null;
}

export type HyperlinksEvent =
  | { type: 'hyperlinks.retry' }
  | { type: 'hyperlinks.change'; field: keyof HyperlinkDraft; value: string }
  | { type: 'hyperlinks.cancel' }
  | { type: 'hyperlinks.submit' }
  | { type: 'hyperlinks.delete'; id: number }
  | { type: 'hyperlinks.dismissError' };

/** The link as it will be sent: trimmed, `https://` added when no scheme is given. */
export function normalizeLink(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

export type HyperlinkDraftError = 'nameEmpty' | 'nameTooLong' | 'linkEmpty' | 'linkInvalid';

/** The first rule the draft breaks, or null when it can be sent. */
export function hyperlinkDraftError(draft: HyperlinkDraft): HyperlinkDraftError | null {
  const name = draft.name.trim();
  if (name === '') return 'nameEmpty';
  if (name.length > ATTACHMENT_NAME_MAX_LENGTH) return 'nameTooLong';
  if (draft.url.trim() === '') return 'linkEmpty';
  return httpUrlSchema.safeParse(normalizeLink(draft.url)).success ? null : 'linkInvalid';
}

const EMPTY_DRAFT: HyperlinkDraft = { name: '', url: '' };

export const hyperlinksMachine = setup({
  types: {
    context: {} as HyperlinksContext,
    events: {} as HyperlinksEvent,
    input: {} as HyperlinksInput,
    tags: {} as 'busy',
  },
  actors: {
    /** GET .../attachments. */
    loadHyperlinks: fromPromise<Attachment[], { ref: ProjectRef }>(async () => {
      throw new Error('loadHyperlinks is not provided');
    }),
    /** POST .../attachments. */
    createHyperlink: fromPromise<CreatedItem, { ref: ProjectRef; body: AttachmentCreate }>(async () => {
      throw new Error('createHyperlink is not provided');
    }),
    /** DELETE .../attachments/{id}. */
    deleteHyperlink: fromPromise<void, { ref: ProjectRef; id: number }>(async () => {
      throw new Error('deleteHyperlink is not provided');
    }),
  },
  guards: {
    enabled: ({ context }) => context.enabled,
    canSubmit: ({ context }) => context.canCreate && context.authorName.trim() !== '' && hyperlinkDraftError(context.draft) === null,
    canDelete: ({ context, event }) => event.type === 'hyperlinks.delete' && canDelete(context.hyperlinks, event.id),
    hasQueue: ({ context }) => context.deleting.length > 0,
  },
  actions: {
    removeOptimistically: assign(({ context, event }) => {
      if (event.type !== 'hyperlinks.delete') return {};
      const item = context.hyperlinks.find((h) => h.id === event.id)!;
      return { hyperlinks: withoutId(context.hyperlinks, event.id), deleting: [...context.deleting, item], error: null };
    }),
    dequeue: assign({ deleting: ({ context }) => context.deleting.slice(1) }),
    rollback: assign(({ context }) => ({
      hyperlinks: upsert(context.hyperlinks, context.deleting[0]),
      deleting: context.deleting.slice(1),
      error: 'deleteFailed' as const,
    })),
  },
}).createMachine({
  id: 'hyperlinks',
  context: ({ input }) => ({
    ref: input.ref,
    enabled: input.enabled ?? true,
    canCreate: input.canCreate,
    authorName: input.authorName,
    authorAvatarUrl: input.authorAvatarUrl ?? '',
    hyperlinks: [],
    draft: EMPTY_DRAFT,
    deleting: [],
    error: null,
  }),
  type: 'parallel',
  on: {
    'hyperlinks.delete': { guard: 'canDelete', actions: 'removeOptimistically' },
    'hyperlinks.dismissError': { actions: assign({ error: null }) },
  },
  states: {
    list: {
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'enabled', target: 'loading' }, { target: 'off' }] },
        /** Turned off on this link: no list, no request. */
        off: {},
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadHyperlinks',
            src: 'loadHyperlinks',
            input: ({ context }) => ({ ref: context.ref }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                hyperlinks: sortByDate(event.output.filter((h) => !context.deleting.some((d) => d.id === h.id))),
                error: null,
              })),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorKind(event.error, 'loadFailed') }) },
          },
        },
        ready: {},
        failed: { on: { 'hyperlinks.retry': 'loading' } },
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'hyperlinks.change': {
              actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }) }),
            },
            'hyperlinks.cancel': { actions: assign({ draft: EMPTY_DRAFT }) },
            'hyperlinks.submit': { guard: 'canSubmit', target: 'sending' },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'createHyperlink',
            src: 'createHyperlink',
            input: ({ context }) => ({
              ref: context.ref,
              body: { authorName: context.authorName.trim(), name: context.draft.name.trim(), url: normalizeLink(context.draft.url) },
            }),
            onDone: {
              target: 'editing',
              actions: assign(({ context, event }) => ({
                hyperlinks: upsert(context.hyperlinks, {
                  ...event.output,
                  authorName: context.authorName.trim(),
                  authorAvatarUrl: context.authorAvatarUrl,
                  name: context.draft.name.trim(),
                  url: normalizeLink(context.draft.url),
                }),
                draft: EMPTY_DRAFT,
                error: null,
              })),
            },
            onError: { target: 'editing', actions: assign({ error: ({ event }) => errorKind(event.error, 'createFailed') }) },
          },
        },
      },
    },
    deletion: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'hasQueue', target: 'deleting' } },
        deleting: {
          invoke: {
            id: 'deleteHyperlink',
            src: 'deleteHyperlink',
            input: ({ context }) => ({ ref: context.ref, id: context.deleting[0].id }),
            onDone: { target: 'idle', actions: 'dequeue' },
            onError: { target: 'idle', actions: 'rollback' },
          },
        },
      },
    },
  },
});
