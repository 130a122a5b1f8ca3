/**
 * Who has the link open, and presenting live (issue 52; wire in src/api/presence.ts): one socket
 * per viewer screen (the owner's and the link's), the list of viewers it hears, the points made on
 * the model (shown for `pointMs`), and the two children:
 *   - `follower` (every screen): follows whoever presents, except this screen itself;
 *   - `presenter` (the owner's screens): presents this screen's view.
 *
 *   connecting -> online (the socket open) -> connecting (dropped: the socket actor connects again)
 *   -> ended (the link unpublished for a guest, the link full or gone: nothing more is tried)
 *
 * `presenceSocket` (bound by the services) connects and reconnects, sending back
 * `presence.connected`, `presence.disconnected` and `presence.message`. `presenceEngine` (bound to
 * the screen's engine) applies a followed view, and sends back `presence.gesture` (the user moved
 * the camera or picked) and `presence.pick` (a point of the model picked, for "Point").
 */
import { assign, enqueueActions, fromCallback, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { PRESENCE_LIMITS, presenterOf, type PresenceClientMessage, type PresenceRefusal, type PresenceServerMessage, type PresenceViewer, type PresentedView } from '../../../api/presence';
import { followerMachine, type FollowerRequest } from './followerMachine';
import { presenterMachine, type PresenterRequest } from './presenterMachine';

export type { PresenceViewer };

/** The owner's project, a link, or nothing (the sandbox: no socket at all). */
export type PresenceRef = { id: number } | { accessKey: string } | null;

export interface PresenceInput {
  ref: PresenceRef;
  role: 'owner' | 'guest';
  /** The guest's name for notes (null: "Guest N"); the owner's comes from the account. */
  name: string | null;
  /** The screen's tools actor: its selection goes with the presented view, and a followed selection is made there. */
  tools?: AnyActorRef | null;
}

export interface PresencePoint {
  /** The viewer who pointed (a key for the marker). */
  from: string;
  at: [number, number, number];
  /** A counter: each point has its own expiry. */
  serial: number;
}

export type PresenceEngineCommand = { type: 'apply'; view: PresentedView; first: boolean };

export type PresenceEvent =
  | { type: 'presence.connected' }
  | { type: 'presence.disconnected' }
  | { type: 'presence.message'; message: PresenceServerMessage }
  | { type: 'presence.gesture' }
  | { type: 'presence.pick'; at: [number, number, number] }
  | { type: 'presence.present' }
  | { type: 'presence.stopPresenting' }
  | { type: 'presence.stopFollowing' }
  | { type: 'presence.followAgain' }
  | { type: 'presence.togglePoint' }
  | { type: 'presence.name'; name: string | null }
  | { type: 'presence.pointExpired'; serial: number }
  | FollowerRequest
  | PresenterRequest;

export interface PresenceContext {
  ref: PresenceRef;
  tools: AnyActorRef | null;
  role: 'owner' | 'guest';
  name: string | null;
  you: string | null;
  viewers: PresenceViewer[];
  points: PresencePoint[];
  serial: number;
  /** "Point" is on: the next pick on the model is a point for everyone. */
  pointing: boolean;
  /** The last thing the server refused (said in the bar), or why presence ended. */
  refusal: PresenceRefusal | 'unpublished' | null;
  /** The last view applied came first after following began (animated the whole way). */
  appliedOnce: boolean;
  /** The presenter's selection last made here: only a change of theirs is made again (a part this viewer picked to point at stays selected). */
  appliedSelection: string | null;
  follower: ActorRefFrom<typeof followerMachine>;
  presenter: ActorRefFrom<typeof presenterMachine> | null;
}

type Message<T extends PresenceServerMessage['type']> = Extract<PresenceServerMessage, { type: T }>;
const messageOf = (event: PresenceEvent): PresenceServerMessage | null => (event.type === 'presence.message' ? event.message : null);
const isMessage =
  <T extends PresenceServerMessage['type']>(type: T) =>
  ({ event }: { event: PresenceEvent }) =>
    messageOf(event)?.type === type;

/** The part selected in the screen's tools, if any. */
const selectedIn = (tools: AnyActorRef | null | undefined): string | null => (tools?.getSnapshot().context as { selectedId?: string | null } | undefined)?.selectedId ?? null;

/** The presenter this screen follows: someone else presenting. */
export function followedOf(viewers: readonly PresenceViewer[], you: string | null): { id: string; name: string | null } | null {
  const presenter = presenterOf(viewers);
  return presenter && presenter.id !== you ? { id: presenter.id, name: presenter.name } : null;
}

export const presenceMachine = setup({
  types: { context: {} as PresenceContext, events: {} as PresenceEvent, input: {} as PresenceInput },
  actors: {
    /** The socket: connects (again after a drop), sends back connected / disconnected / message; receives messages to send. */
    presenceSocket: fromCallback<PresenceClientMessage, { ref: PresenceRef }>(() => () => {}),
    /** The screen's engine: applies a followed view; sends back gestures and picks. */
    presenceEngine: fromCallback<PresenceEngineCommand>(() => () => {}),
    follower: followerMachine,
    presenter: presenterMachine,
  },
  actions: {
    sendHello: sendTo('socket', ({ context }) => ({ type: 'hello', name: context.role === 'guest' ? context.name : null }) satisfies PresenceClientMessage),
    /** After a reconnect: the presentation and whether this screen follows are said again. */
    sayAgain: enqueueActions(({ context, enqueue }) => {
      if (context.presenter) enqueue.sendTo(context.presenter, { type: 'presenter.reconnected' });
      if (context.follower.getSnapshot().matches('following')) enqueue.sendTo('socket', { type: 'follow', following: true } satisfies PresenceClientMessage);
    }),
    takeWelcome: assign({ you: ({ event }) => (messageOf(event) as Message<'welcome'>).you }),
    takeViewers: enqueueActions(({ context, event, enqueue }) => {
      const viewers = (messageOf(event) as Message<'presence'>).viewers;
      enqueue.assign({ viewers });
      enqueue.sendTo(context.follower, { type: 'follower.presenter', presenter: followedOf(viewers, context.you) });
    }),
    takeView: sendTo(({ context }) => context.follower, ({ event }) => {
      const message = messageOf(event) as Message<'view'>;
      return { type: 'follower.view' as const, from: message.from, view: message.view };
    }),
    takePoint: enqueueActions(({ context, event, enqueue }) => {
      const message = messageOf(event) as Message<'point'>;
      const others = context.points.filter((point) => point.from !== message.from);
      if (!message.at) return enqueue.assign({ points: others });
      const serial = context.serial + 1;
      enqueue.assign({ points: [...others, { from: message.from, at: message.at, serial }], serial });
      enqueue.raise({ type: 'presence.pointExpired', serial }, { delay: PRESENCE_LIMITS.pointMs });
    }),
    expirePoint: assign({ points: ({ context, event }) => (event.type === 'presence.pointExpired' ? context.points.filter((point) => point.serial !== event.serial) : context.points) }),
    takeRefusal: assign({ refusal: ({ event }) => (messageOf(event) as Message<'refused'>).code }),
    takeEnded: assign({ refusal: 'unpublished' as const }),
    forwardToSocket: sendTo('socket', ({ event }) => (event as PresenterRequest).message),
    applyView: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'live.apply') return;
      enqueue.sendTo('engine', { type: 'apply', view: event.view, first: !context.appliedOnce } satisfies PresenceEngineCommand);
      enqueue.assign({ appliedOnce: true });
      // The presenter's selection is made in this screen's tools (its data sheet shows): on the
      // first view when it differs, then each time the presenter selects something else.
      const selected = selectedIn(context.tools);
      const changed = context.appliedOnce ? context.appliedSelection !== event.view.selection : selected !== event.view.selection;
      if (context.tools && changed) enqueue.sendTo(context.tools, { type: 'tools.select', partId: event.view.selection });
      enqueue.assign({ appliedSelection: event.view.selection });
    }),
    tellFollowing: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'live.following') return;
      if (event.following) enqueue.assign({ appliedOnce: false });
      if (context.you !== null) enqueue.sendTo('socket', { type: 'follow', following: event.following } satisfies PresenceClientMessage);
    }),
  },
  guards: {
    isWelcome: isMessage('welcome'),
    isPresence: isMessage('presence'),
    isView: isMessage('view'),
    isPoint: isMessage('point'),
    isEnded: isMessage('ended'),
    /** Refusals after which nothing more is tried: the link is full or gone, a message too large closed the socket. */
    isFinalRefusal: ({ event }) => {
      const message = messageOf(event);
      return message?.type === 'refused' && (message.code === 'full' || message.code === 'notFound' || message.code === 'tooLarge');
    },
    isRefusal: isMessage('refused'),
    isOwner: ({ context }) => context.role === 'owner',
    pointing: ({ context }) => context.pointing,
  },
}).createMachine({
  id: 'presence',
  context: ({ input, spawn }) => ({
    ref: input.ref,
    tools: input.tools ?? null,
    role: input.role,
    name: input.name,
    you: null,
    viewers: [],
    points: [],
    serial: 0,
    pointing: false,
    refusal: null,
    appliedOnce: false,
    appliedSelection: null,
    follower: spawn('follower', { id: 'follower' }),
    presenter:
      input.role === 'owner'
        ? spawn('presenter', { id: 'presenter', input: { readSelection: () => selectedIn(input.tools) } })
        : null,
  }),
  invoke: { id: 'engine', src: 'presenceEngine' },
  on: {
    'presence.pointExpired': { actions: 'expirePoint' },
    'live.apply': { actions: 'applyView' },
    'presence.gesture': { actions: sendTo(({ context }) => context.follower, { type: 'follower.gesture' }) },
    'presence.stopFollowing': { actions: sendTo(({ context }) => context.follower, { type: 'follower.stop' }) },
    'presence.followAgain': { actions: sendTo(({ context }) => context.follower, { type: 'follower.followAgain' }) },
  },
  initial: 'live',
  states: {
    live: {
      invoke: { id: 'socket', src: 'presenceSocket', input: ({ context }) => ({ ref: context.ref }) },
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            'presence.connected': { target: 'online', actions: ['sendHello', 'sayAgain'] },
            'presence.name': { actions: assign({ name: ({ event }) => event.name }) },
          },
        },
        online: {
          on: {
            'presence.disconnected': { target: 'connecting', actions: assign({ you: null, viewers: [], points: [] }) },
            'presence.message': [
              { guard: 'isWelcome', actions: 'takeWelcome' },
              { guard: 'isPresence', actions: 'takeViewers' },
              { guard: 'isView', actions: 'takeView' },
              { guard: 'isPoint', actions: 'takePoint' },
              { guard: 'isEnded', target: '#presence.ended', actions: 'takeEnded' },
              { guard: 'isFinalRefusal', target: '#presence.ended', actions: 'takeRefusal' },
              { guard: 'isRefusal', actions: 'takeRefusal' },
            ],
            'live.send': { actions: 'forwardToSocket' },
            'live.following': { actions: 'tellFollowing' },
            'presence.present': { guard: 'isOwner', actions: sendTo(({ context }) => context.presenter!, { type: 'presenter.start' }) },
            'presence.stopPresenting': { guard: 'isOwner', actions: sendTo(({ context }) => context.presenter!, { type: 'presenter.stop' }) },
            'presence.togglePoint': { actions: assign({ pointing: ({ context }) => !context.pointing }) },
            'presence.pick': [
              {
                guard: 'pointing',
                actions: [assign({ pointing: false }), sendTo('socket', ({ event }) => ({ type: 'point', at: event.at }) satisfies PresenceClientMessage)],
              },
              // A pick of one's own is a gesture: following stops; a presenter's pick shows as their pointer.
              {
                actions: [
                  sendTo(({ context }) => context.follower, { type: 'follower.gesture' }),
                  enqueueActions(({ context, event, enqueue }) => {
                    if (context.presenter) enqueue.sendTo(context.presenter, { type: 'presenter.pick', at: event.at });
                  }),
                ],
              },
            ],
            'presence.name': { actions: [assign({ name: ({ event }) => event.name }), 'sendHello'] },
          },
        },
      },
    },
    ended: {
      entry: [
        assign({ viewers: [], points: [], pointing: false }),
        sendTo(({ context }) => context.follower, { type: 'follower.presenter', presenter: null }),
        enqueueActions(({ context, enqueue }) => {
          if (context.presenter) enqueue.sendTo(context.presenter, { type: 'presenter.stop' });
        }),
      ],
    },
  },
});

export type PresenceActor = ActorRefFrom<typeof presenceMachine>;
