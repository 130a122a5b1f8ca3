/**
 * The review's notes in the viewer (owner and link): pinned notes with the view they were written
 * in and a markup, replies under them, the owner's resolve and reopen.
 *   loading -> ready | failed (retry)
 *   ready.browsing: open a note (its view is emitted for the viewer to restore), reply, resolve or
 *     reopen (the owner), compose a new note; a live event reloads the notes in the background
 *   ready.composing.placing: the viewer asks the user to tap the model; `review.pinned` carries the
 *     pin and the view then, `review.unpinned` the view alone (a note about the whole model)
 *   ready.composing.drawing: markup tools and shapes (at most MARKUP_MAX_SHAPES, undo), the text,
 *     send (a non-blank text of at most COMMENT_MAX_LENGTH) -> sending -> browsing with the note open
 *   ready.replying: the text of a reply -> sending it -> browsing
 * Effects (the viewer's): `review.showView` (restore a note's view), `review.pickPin` (wait for a
 * tap on the model). Actors: loadNotes, createNote, setStatus.
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import {
  COMMENT_MAX_LENGTH,
  MARKUP_COLORS,
  MARKUP_MAX_SHAPES,
  type CommentReviewInput,
  type MarkupShape,
  type NotePin,
  type NoteStatus,
  type NoteView,
  type ReviewedComment,
} from '../../api/schemas';

export type MarkupTool = MarkupShape['kind'];
/** What the review's views read (they do not import the contract themselves). */
export type { MarkupShape, NotePin, NoteView, ReviewedComment };
export { COMMENT_MAX_LENGTH, MARKUP_COLORS, MARKUP_MAX_SHAPES };

export interface ReviewInput {
  role: 'owner' | 'guest';
  /** The revision shown: new notes name it. */
  revisionNumber: number;
  /** The author name notes are sent with (the owner's name, or the one the guest gave). */
  authorName: string;
}

export interface NoteDraft {
  pin: NotePin | null;
  view: NoteView | null;
  markup: MarkupShape[];
  tool: MarkupTool | null;
  text: string;
}

export interface ReviewContext extends ReviewInput {
  notes: ReviewedComment[];
  openId: number | null;
  draft: NoteDraft | null;
  reply: { parentId: number; text: string } | null;
  error: 'load' | 'send' | 'status' | null;
}

export type ReviewEvent =
  | { type: 'review.retry' }
  | { type: 'review.refresh' }
  | { type: 'review.open'; id: number }
  | { type: 'review.close' }
  | { type: 'review.compose' }
  | { type: 'review.pinned'; pin: NotePin; view: NoteView }
  | { type: 'review.unpinned'; view: NoteView }
  | { type: 'review.tool'; tool: MarkupTool | null }
  | { type: 'review.shape'; shape: MarkupShape }
  | { type: 'review.undo' }
  | { type: 'review.text'; text: string }
  | { type: 'review.send' }
  | { type: 'review.cancel' }
  | { type: 'review.reply'; id: number }
  | { type: 'review.setStatus'; id: number; status: NoteStatus };

export type ReviewEmitted = { type: 'review.showView'; view: NoteView; pin: NotePin | null; markup: MarkupShape[] } | { type: 'review.pickPin' };

/** A note's text may be sent: not blank, not too long. */
export const sendableText = (text: string): boolean => text.trim() !== '' && text.trim().length <= COMMENT_MAX_LENGTH;
/** The notes a list shows at its top level, and the replies of one. */
export const threadStarts = (notes: readonly ReviewedComment[]) => notes.filter((n) => n.parentId === null);
export const repliesOf = (notes: readonly ReviewedComment[], id: number) => notes.filter((n) => n.parentId === id);
export const openCount = (notes: readonly ReviewedComment[]) => threadStarts(notes).filter((n) => n.status === 'open').length;

const emptyDraft = (): NoteDraft => ({ pin: null, view: null, markup: [], tool: null, text: '' });

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as ReviewInput,
    emitted: {} as ReviewEmitted,
  },
  actors: {
    loadNotes: fromPromise<ReviewedComment[]>(async () => []),
    createNote: fromPromise<{ id: number }, { body: CommentReviewInput & { authorName: string; text: string } }>(async () => ({ id: 0 })),
    setStatus: fromPromise<void, { id: number; status: NoteStatus }>(async () => undefined),
  },
  guards: {
    isOwner: ({ context }) => context.role === 'owner',
    knownNote: ({ context, event }) => 'id' in event && context.notes.some((n) => n.id === event.id && n.parentId === null),
    draftSendable: ({ context }) => context.draft !== null && sendableText(context.draft.text),
    replySendable: ({ context }) => context.reply !== null && sendableText(context.reply.text),
    roomForShape: ({ context }) => (context.draft?.markup.length ?? 0) < MARKUP_MAX_SHAPES,
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({ ...input, notes: [], openId: null, draft: null, reply: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadNotes',
        onDone: { target: 'ready', actions: assign({ notes: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: 'load' }) },
      },
    },
    failed: { on: { 'review.retry': 'loading' } },
    ready: {
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            // A live event: read the notes again (while composing or replying, the send reads them anyway).
            'review.refresh': 'refreshing',
            'review.open': {
              guard: 'knownNote',
              actions: enqueueActions(({ context, event, enqueue }) => {
                enqueue.assign({ openId: event.id });
                const note = context.notes.find((n) => n.id === event.id);
                if (note?.view) enqueue.emit({ type: 'review.showView', view: note.view, pin: note.pin, markup: note.markup });
              }),
            },
            'review.close': { actions: assign({ openId: null }) },
            'review.compose': { target: 'composing', actions: [assign({ draft: emptyDraft, openId: null, error: null }), emit({ type: 'review.pickPin' })] },
            'review.reply': { guard: 'knownNote', target: 'replying', actions: assign({ reply: ({ event }) => ({ parentId: event.id, text: '' }), openId: ({ event }) => event.id, error: null }) },
            'review.setStatus': { guard: 'isOwner', target: 'settingStatus' },
          },
        },
        refreshing: {
          invoke: {
            src: 'loadNotes',
            onDone: { target: 'browsing', actions: assign({ notes: ({ event }) => event.output }) },
            // A background reload that failed keeps the notes shown; the next event tries again.
            onError: 'browsing',
          },
        },
        settingStatus: {
          invoke: {
            src: 'setStatus',
            input: ({ event }) => {
              const { id, status } = event as Extract<ReviewEvent, { type: 'review.setStatus' }>;
              return { id, status };
            },
            onDone: 'refreshing',
            onError: { target: 'browsing', actions: assign({ error: 'status' }) },
          },
        },
        composing: {
          initial: 'placing',
          on: { 'review.cancel': { target: 'browsing', actions: assign({ draft: null }) } },
          states: {
            placing: {
              on: {
                'review.pinned': { target: 'drawing', actions: assign({ draft: ({ context, event }) => ({ ...(context.draft ?? emptyDraft()), pin: event.pin, view: event.view }) }) },
                'review.unpinned': { target: 'drawing', actions: assign({ draft: ({ context, event }) => ({ ...(context.draft ?? emptyDraft()), pin: null, view: event.view }) }) },
              },
            },
            drawing: {
              on: {
                'review.tool': { actions: assign({ draft: ({ context, event }) => context.draft && { ...context.draft, tool: event.tool } }) },
                'review.shape': { guard: 'roomForShape', actions: assign({ draft: ({ context, event }) => context.draft && { ...context.draft, markup: [...context.draft.markup, event.shape] } }) },
                'review.undo': { actions: assign({ draft: ({ context }) => context.draft && { ...context.draft, markup: context.draft.markup.slice(0, -1) } }) },
                'review.text': { actions: assign({ draft: ({ context, event }) => context.draft && { ...context.draft, text: event.text } }) },
                'review.send': { guard: 'draftSendable', target: 'sending' },
              },
            },
            sending: {
              invoke: {
                src: 'createNote',
                input: ({ context }) => {
                  const draft = context.draft as NoteDraft;
                  return {
                    body: {
                      authorName: context.authorName,
                      text: draft.text.trim(),
                      revisionNumber: context.revisionNumber,
                      ...(draft.pin ? { pin: draft.pin } : {}),
                      ...(draft.view ? { view: draft.view } : {}),
                      ...(draft.markup.length > 0 ? { markup: draft.markup } : {}),
                    },
                  };
                },
                onDone: { target: '#review.ready.refreshing', actions: assign({ draft: null, openId: ({ event }) => event.output.id, error: null }) },
                onError: { target: 'drawing', actions: assign({ error: 'send' }) },
              },
            },
          },
        },
        replying: {
          on: {
            'review.text': { actions: assign({ reply: ({ context, event }) => context.reply && { ...context.reply, text: event.text } }) },
            'review.send': { guard: 'replySendable', target: 'sendingReply' },
            'review.cancel': { target: 'browsing', actions: assign({ reply: null }) },
          },
        },
        sendingReply: {
          invoke: {
            src: 'createNote',
            input: ({ context }) => ({ body: { authorName: context.authorName, text: context.reply!.text.trim(), parentId: context.reply!.parentId, revisionNumber: context.revisionNumber } }),
            onDone: { target: 'refreshing', actions: assign({ reply: null, error: null }) },
            onError: { target: 'replying', actions: assign({ error: 'send' }) },
          },
        },
      },
    },
  },
});
