/**
 * The review's notes in the viewer (owner and link): pinned notes with the view they were written
 * in and a markup, replies under them, the owner's resolve and reopen.
 *   loading -> ready | failed (retry)
 *   ready.browsing: open a note (its view is brought back by the engine child, its markup drawn
 *     until the user moves away; a note's view and markup are read when it is first opened, in
 *     ready.openingView, since the list leaves them out), reply, resolve or reopen (the owner), compose a new note; a live
 *     event reloads the notes in the background
 *   ready.composing.placing: the engine child waits for a tap on the model (`review.pinned`), or
 *     the user writes about the whole view (`review.wholeView`)
 *   ready.composing.drawing: markup tools and shapes (at most MARKUP_MAX_SHAPES and
 *     MARKUP_MAX_TOTAL_POINTS points, undo), the text,
 *     send (a non-blank text of at most COMMENT_MAX_LENGTH) -> capturing (the engine child reads
 *     the view the markup was drawn over) -> sending -> browsing with the note open
 *   ready.replying: the text of a reply -> sending it -> browsing
 * Children: `engine` (reviewEngine.ts: pick, capture, show). Actors: loadNotes, loadAnchor, createNote, setStatus.
 */
import { and, assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import {
  COMMENT_MAX_LENGTH,
  type CommentReviewInput,
  type MarkupShape,
  type NoteAnchor,
  type NotePin,
  type NoteStatus,
  type NoteView,
  type ReviewedComment,
} from '../../../api/schemas';
import type { ReviewEngineCommand, ReviewEngineEvent } from './reviewEngine';
import { openView, roomFor, sendableText, viewForViewer } from './reviewRules';
import type { RenderMode } from '../viewerTypes';

export type MarkupTool = MarkupShape['kind'];
/** What the review's views read (they do not import the contract themselves). */
export type { MarkupShape };
export { COMMENT_MAX_LENGTH };
export { openCount, repliesOf, threadStarts } from './reviewRules';

export type ReviewRef = { id: number } | { accessKey: string };

export interface ReviewInput {
  /** The project: its id for the owner, the access key on a link. */
  ref: ReviewRef;
  role: 'owner' | 'guest';
  /** The revision shown: new notes name it. */
  revisionNumber: number;
  /** The author name notes are sent with (the owner's name, or the one the guest gave). */
  authorName: string;
  /** The render modes this viewer offers (a link's options): a note's view in another mode opens solid. */
  renderModes?: readonly RenderMode[];
  /** The clipping plane is offered: a note's view without it opens uncut. */
  clipping?: boolean;
}

interface NoteDraft {
  pin: NotePin | null;
  view: NoteView | null;
  markup: MarkupShape[];
  tool: MarkupTool | null;
  /** The words the text tool places. */
  markupText: string;
  text: string;
}

interface ReviewContext extends ReviewInput {
  notes: ReviewedComment[];
  /** The views and markups of the notes opened so far, by note id (a note's never changes). */
  anchors: Record<number, NoteAnchor>;
  openId: number | null;
  /** The note whose view is on screen, its markup drawn over it (until the user moves the view). */
  shownId: number | null;
  draft: NoteDraft | null;
  reply: { parentId: number; text: string } | null;
  error: 'load' | 'send' | 'status' | 'view' | null;
}

export type ReviewEvent =
  | { type: 'review.retry' }
  | { type: 'review.refresh' }
  | { type: 'review.open'; id: number }
  | { type: 'review.close' }
  | { type: 'review.compose' }
  | ReviewEngineEvent
  /** A note about the whole view, without a pin. */
  | { type: 'review.wholeView' }
  /** Notes are written as this name from now on (the user logged in or out). */
  | { type: 'review.author'; authorName: string }
  /** Another revision is shown: new notes name it. */
  | { type: 'review.revision'; revisionNumber: number }
  | { type: 'review.tool'; tool: MarkupTool | null }
  | { type: 'review.shape'; shape: MarkupShape }
  | { type: 'review.undo' }
  | { type: 'review.markupText'; text: string }
  | { type: 'review.text'; text: string }
  | { type: 'review.send' }
  | { type: 'review.cancel' }
  | { type: 'review.reply'; id: number }
  | { type: 'review.setStatus'; id: number; status: NoteStatus };

export type { ReviewEngineCommand };

const emptyDraft = (): NoteDraft => ({ pin: null, view: null, markup: [], tool: null, markupText: '', text: '' });

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as ReviewInput,
  },
  actors: {
    /** The engine's side of the review (reviewEngine.ts). */
    reviewEngine: fromCallback<ReviewEngineCommand>(() => () => {}),
    loadNotes: fromPromise<ReviewedComment[], { ref: ReviewRef }>(async () => []),
    loadAnchor: fromPromise<NoteAnchor, { ref: ReviewRef; id: number }>(async () => ({ view: null, markup: [] })),
    createNote: fromPromise<{ id: number }, { ref: ReviewRef; body: CommentReviewInput & { authorName: string; text: string } }>(async () => ({ id: 0 })),
    setStatus: fromPromise<void, { ref: ReviewRef; id: number; status: NoteStatus }>(async () => undefined),
  },
  guards: {
    isOwner: ({ context }) => context.role === 'owner',
    knownNote: ({ context, event }) => 'id' in event && context.notes.some((n) => n.id === event.id && n.parentId === null),
    draftSendable: ({ context }) => context.draft !== null && sendableText(context.draft.text),
    replySendable: ({ context }) => context.reply !== null && sendableText(context.reply.text),
    roomForShape: ({ context, event }) => event.type === 'review.shape' && roomFor(context.draft?.markup ?? [], event.shape),
    /** The note's view and markup are still to be read. */
    anchorUnread: ({ context, event }) => event.type === 'review.open' && context.notes.some((n) => n.id === event.id && n.hasView) && !(event.id in context.anchors),
  },
  actions: {
    /** The engine child waits for a tap on the model (or stops waiting). */
    pickOn: sendTo('engine', { type: 'pick', active: true } satisfies ReviewEngineCommand),
    pickOff: sendTo('engine', { type: 'pick', active: false } satisfies ReviewEngineCommand),
    /** The engine child reads the view on screen (answers `review.captured`). */
    capture: sendTo('engine', { type: 'capture' } satisfies ReviewEngineCommand),
    /** The open note's view, when it is at hand, is on screen with its markup drawn over it. */
    markShown: assign({ shownId: ({ context }) => (openView(context) ? context.openId : null) }),
    /** The engine child brings that view back. */
    showView: enqueueActions(({ context, enqueue }) => {
      const view = openView(context);
      if (view) enqueue.sendTo('engine', { type: 'show', view: viewForViewer(view, context) } satisfies ReviewEngineCommand);
    }),
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({ ...input, notes: [], anchors: {}, openId: null, shownId: null, draft: null, reply: null, error: null }),
  invoke: { id: 'engine', src: 'reviewEngine' },
  on: {
    'review.author': { actions: assign({ authorName: ({ event }) => event.authorName }) },
    // Another model on screen: a note's markup no longer matches the picture (as when the user turns it).
    'review.revision': { actions: assign({ revisionNumber: ({ event }) => event.revisionNumber, shownId: null }) },
    'review.viewLeft': { actions: assign({ shownId: null }) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadNotes',
        src: 'loadNotes',
        input: ({ context }) => ({ ref: context.ref }),
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
            'review.open': [
              { guard: and(['knownNote', 'anchorUnread']), target: 'openingView', actions: assign({ openId: ({ event }) => event.id, shownId: null }) },
              { guard: 'knownNote', actions: [assign({ openId: ({ event }) => event.id, shownId: null }), 'markShown', 'showView'] },
            ],
            'review.close': { actions: assign({ openId: null, shownId: null }) },
            'review.compose': { target: 'composing', actions: assign({ draft: emptyDraft, openId: null, shownId: null, error: null }) },
            'review.reply': { guard: 'knownNote', target: 'replying', actions: assign({ reply: ({ event }) => ({ parentId: event.id, text: '' }), openId: ({ event }) => event.id, error: null }) },
            'review.setStatus': { guard: 'isOwner', target: 'settingStatus' },
          },
        },
        // The opened note's view and markup, read once: then shown as when they were at hand.
        openingView: {
          invoke: {
            id: 'loadAnchor',
            src: 'loadAnchor',
            input: ({ context }) => ({ ref: context.ref, id: context.openId as number }),
            onDone: { target: 'browsing', actions: [assign({ anchors: ({ context, event }) => ({ ...context.anchors, [context.openId as number]: event.output }), error: null }), 'markShown', 'showView'] },
            onError: { target: 'browsing', actions: assign({ error: 'view' }) },
          },
          on: {
            'review.close': { target: 'browsing', actions: assign({ openId: null, shownId: null }) },
            'review.open': [
              { guard: and(['knownNote', 'anchorUnread']), target: 'openingView', reenter: true, actions: assign({ openId: ({ event }) => event.id }) },
              { guard: 'knownNote', target: 'browsing', actions: [assign({ openId: ({ event }) => event.id }), 'markShown', 'showView'] },
            ],
          },
        },
        refreshing: {
          invoke: {
            id: 'loadNotes',
            src: 'loadNotes',
            input: ({ context }) => ({ ref: context.ref }),
            onDone: { target: 'browsing', actions: assign({ notes: ({ event }) => event.output }) },
            // A background reload that failed keeps the notes shown; the next event tries again.
            onError: 'browsing',
          },
        },
        settingStatus: {
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context, event }) => {
              const { id, status } = event as Extract<ReviewEvent, { type: 'review.setStatus' }>;
              return { ref: context.ref, id, status };
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
              entry: 'pickOn',
              exit: 'pickOff',
              on: {
                'review.pinned': { target: 'drawing', actions: assign({ draft: ({ context, event }) => ({ ...(context.draft ?? emptyDraft()), pin: event.pin }) }) },
                'review.wholeView': { target: 'drawing', actions: assign({ draft: ({ context }) => ({ ...(context.draft ?? emptyDraft()), pin: null }) }) },
              },
            },
            drawing: {
              on: {
                'review.tool': { actions: assign({ draft: ({ context, event }) => context.draft && { ...context.draft, tool: event.tool } }) },
                'review.shape': { guard: 'roomForShape', actions: assign({ draft: ({ context, event }) => context.draft && { ...context.draft, markup: [...context.draft.markup, event.shape] } }) },
                'review.markupText': { actions: assign({ draft: ({ context, event }) => context.draft && { ...context.draft, markupText: event.text.slice(0, 200) } }) },
                'review.undo': { actions: assign({ draft: ({ context }) => context.draft && { ...context.draft, markup: context.draft.markup.slice(0, -1) } }) },
                'review.text': { actions: assign({ draft: ({ context, event }) => context.draft && { ...context.draft, text: event.text } }) },
                'review.send': { guard: 'draftSendable', target: 'capturing' },
              },
            },
            // The view the markup was drawn over, read when the note is sent.
            capturing: {
              entry: 'capture',
              on: { 'review.captured': { target: 'sending', actions: assign({ draft: ({ context, event }) => context.draft && { ...context.draft, view: event.view } }) } },
            },
            sending: {
              invoke: {
                id: 'createNote',
                src: 'createNote',
                input: ({ context }) => {
                  const draft = context.draft as NoteDraft;
                  return {
                    ref: context.ref,
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
            id: 'createNote',
            src: 'createNote',
            input: ({ context }) => ({ ref: context.ref, body: { authorName: context.authorName, text: context.reply!.text.trim(), parentId: context.reply!.parentId, revisionNumber: context.revisionNumber } }),
            onDone: { target: 'refreshing', actions: assign({ reply: null, error: null }) },
            onError: { target: 'replying', actions: assign({ error: 'send' }) },
          },
        },
      },
    },
  },
});
