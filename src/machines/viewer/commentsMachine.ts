/**
 * The comments of a project (SPEC §3, §5, §6), by id or access key. Three parallel regions:
 *   list:     loading -> ready | failed (comments.retry -> loading)
 *   form:     editing <-> sending (comments.submit when the trimmed text is non-empty and creation
 *             is allowed; the box clears on success, keeps the text on failure)
 *   deletion: idle <-> deleting. comments.delete removes a deletable comment from the list at once
 *             and queues the remote delete; a failure puts the comment back and sets `error`.
 * The list is sorted oldest first (see contentList.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ProjectRef } from '../../api/client';
import type { Comment, CommentCreate, CreatedItem } from '../../api/schemas';
import { COMMENT_MAX_LENGTH } from '../../api/schemas';
import { canDelete, errorKind, sortByDate, upsert, withoutId, type ContentError } from './contentList';

/** A comment as the panel shows it. */
export type { Comment };
export { COMMENT_MAX_LENGTH };

export interface CommentsInput {
  ref: ProjectRef;
  /** False where the link's owner turned this list off: nothing is fetched (the API would answer 404). */
  enabled?: boolean;
  /** Whether this viewer may write comments. */
  canCreate: boolean;
  /** The name sent with new comments (the user's full name, or Guest). */
  authorName: string;
  /** The avatar shown on the viewer's new comments until the next load. */
  authorAvatarUrl?: string;
}

export interface CommentsContext extends Required<CommentsInput> {
  comments: Comment[];
  draft: string;
  /** Comments removed from the list whose remote delete has not finished, oldest first. */
  deleting: Comment[];
  error: ContentError | null;
}

export type CommentsEvent =
  | { type: 'comments.retry' }
  | { type: 'comments.change'; text: string }
  | { type: 'comments.cancel' }
  | { type: 'comments.submit' }
  | { type: 'comments.delete'; id: number }
  | { type: 'comments.dismissError' };

/** Why Send is disabled: `empty` (nothing but spaces) or `tooLong`; null when the text can be sent. */
export function commentDraftError(text: string): 'empty' | 'tooLong' | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  return trimmed.length > COMMENT_MAX_LENGTH ? 'tooLong' : null;
}

export const commentsMachine = setup({
  types: {
    context: {} as CommentsContext,
    events: {} as CommentsEvent,
    input: {} as CommentsInput,
    tags: {} as 'busy',
  },
  actors: {
    /** GET .../comments. */
    loadComments: fromPromise<Comment[], { ref: ProjectRef }>(async () => {
      throw new Error('loadComments is not provided');
    }),
    /** POST .../comments. */
    createComment: fromPromise<CreatedItem, { ref: ProjectRef; body: CommentCreate }>(async () => {
      throw new Error('createComment is not provided');
    }),
    /** DELETE .../comments/{id}. */
    deleteComment: fromPromise<void, { ref: ProjectRef; id: number }>(async () => {
      throw new Error('deleteComment is not provided');
    }),
  },
  guards: {
    enabled: ({ context }) => context.enabled,
    canSubmit: ({ context }) => context.canCreate && context.authorName.trim() !== '' && commentDraftError(context.draft) === null,
    canDelete: ({ context, event }) => event.type === 'comments.delete' && canDelete(context.comments, event.id),
    hasQueue: ({ context }) => context.deleting.length > 0,
  },
  actions: {
    removeOptimistically: assign(({ context, event }) => {
      if (event.type !== 'comments.delete') return {};
      const comment = context.comments.find((c) => c.id === event.id)!;
      return { comments: withoutId(context.comments, event.id), deleting: [...context.deleting, comment], error: null };
    }),
    dequeue: assign({ deleting: ({ context }) => context.deleting.slice(1) }),
    rollback: assign(({ context }) => ({
      comments: upsert(context.comments, context.deleting[0]),
      deleting: context.deleting.slice(1),
      error: 'deleteFailed' as const,
    })),
  },
}).createMachine({
  id: 'comments',
  context: ({ input }) => ({
    ref: input.ref,
    enabled: input.enabled ?? true,
    canCreate: input.canCreate,
    authorName: input.authorName,
    authorAvatarUrl: input.authorAvatarUrl ?? '',
    comments: [],
    draft: '',
    deleting: [],
    error: null,
  }),
  type: 'parallel',
  on: {
    'comments.delete': { guard: 'canDelete', actions: 'removeOptimistically' },
    'comments.dismissError': { actions: assign({ error: null }) },
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
            id: 'loadComments',
            src: 'loadComments',
            input: ({ context }) => ({ ref: context.ref }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                // A comment being deleted stays out of the list.
                comments: sortByDate(event.output.filter((c) => !context.deleting.some((d) => d.id === c.id))),
                error: null,
              })),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorKind(event.error, 'loadFailed') }) },
          },
        },
        ready: {},
        failed: { on: { 'comments.retry': 'loading' } },
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'comments.change': { actions: assign({ draft: ({ event }) => event.text }) },
            'comments.cancel': { actions: assign({ draft: '' }) },
            'comments.submit': { guard: 'canSubmit', target: 'sending' },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'createComment',
            src: 'createComment',
            input: ({ context }) => ({ ref: context.ref, body: { authorName: context.authorName.trim(), text: context.draft.trim() } }),
            onDone: {
              target: 'editing',
              actions: assign(({ context, event }) => ({
                comments: upsert(context.comments, {
                  ...event.output,
                  authorName: context.authorName.trim(),
                  authorAvatarUrl: context.authorAvatarUrl,
                  text: context.draft.trim(),
                }),
                draft: '',
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
            id: 'deleteComment',
            src: 'deleteComment',
            input: ({ context }) => ({ ref: context.ref, id: context.deleting[0].id }),
            onDone: { target: 'idle', actions: 'dequeue' },
            onError: { target: 'idle', actions: 'rollback' },
          },
        },
      },
    },
  },
});
