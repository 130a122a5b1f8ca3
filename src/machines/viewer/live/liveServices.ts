/**
 * Presenting live with its effects bound (issue 52): the presence socket (connects again after a
 * drop, 1 s doubling to 10 s), the engine side of following (a followed view applied, only what
 * changed; the user's own gestures and picks sent back) and the presenter's watch of its own view.
 */
import { fromCallback } from 'xstate';
import { messageBytes, PRESENCE_CLOSE_REFUSED, type PresenceClientMessage, PRESENCE_LIMITS, presenceServerMessageSchema, type PresentedView } from '../../../api/presence';
import type { EnginePort, EngineSlot } from '../load/enginePort';
import { captureView, showView } from '../review/reviewEngine';
import type { ViewerApi } from '../viewerApi';
import type { PresenceEngineCommand, PresenceEvent, PresenceRef } from './presenceMachine';
import { presenceMachine } from './presenceMachine';
import { presenterMachine, type PresenterEvent, type PresenterInput } from './presenterMachine';

const RETRY_MS = { first: 1000, max: 10_000 } as const;
/** How often the presenter's view is looked at (a changed one is sent). */
const WATCH_MS = 100;
/** A followed camera glides to each new place of the presenter's over this long; the first move takes the engine's usual second. */
const FOLLOW_STEP_MS = 200;

/** The view as the presenter sends it, trimmed to the message limit (kept measures, then hidden and isolated parts, go first). */
export function presentedViewOf(engine: EnginePort, selection: string | null): PresentedView {
  const view: PresentedView = { ...captureView(engine), selection, noticeStep: null };
  const fits = (v: PresentedView) => messageBytes({ type: 'view', view: v }) <= PRESENCE_LIMITS.messageBytes;
  if (fits(view)) return view;
  const lighter: PresentedView = { ...view, keptMeasures: [], hidden: [] };
  if (fits(lighter)) return lighter;
  return { ...lighter, isolated: null, sectionBox: view.sectionBox ? { ...view.sectionBox, around: null } : view.sectionBox };
}

export function createLiveServices(api: Pick<ViewerApi, 'presenceUrl'>, WebSocketImpl: typeof WebSocket | undefined = globalThis.WebSocket) {
  const presenceSocket = fromCallback<PresenceClientMessage, { ref: PresenceRef }>(({ input, sendBack, receive }) => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let wait: number = RETRY_MS.first;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const retry = () => {
      if (stopped) return;
      timer = setTimeout(() => void connect(), wait);
      wait = Math.min(RETRY_MS.max, wait * 2);
    };
    const connect = async () => {
      if (!input.ref) return;
      let url: string;
      try {
        url = await api.presenceUrl(input.ref);
      } catch {
        return retry();
      }
      if (stopped || !WebSocketImpl) return;
      const ws = new WebSocketImpl(url);
      socket = ws;
      let opened = false;
      let over = false;
      ws.onopen = () => {
        opened = true;
        wait = RETRY_MS.first;
        sendBack({ type: 'presence.connected' });
      };
      ws.onmessage = (event) => {
        try {
          const parsed = presenceServerMessageSchema.safeParse(JSON.parse(String(event.data)));
          if (!parsed.success) return;
          const message = parsed.data;
          if (message.type === 'ended' || (message.type === 'refused' && ['full', 'notFound', 'tooLarge'].includes(message.code))) over = true;
          sendBack({ type: 'presence.message', message });
        } catch {
          // A damaged message is skipped.
        }
      };
      ws.onclose = (event) => {
        socket = null;
        if (stopped || over || event.code === PRESENCE_CLOSE_REFUSED) return;
        if (opened) sendBack({ type: 'presence.disconnected' });
        retry();
      };
    };
    receive((message) => {
      if (socket?.readyState === 1) socket.send(JSON.stringify(message));
    });
    void connect();
    return () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      socket?.close(1000);
    };
  });

  const engineActorFor = (slot: EngineSlot) =>
    fromCallback<PresenceEngineCommand>(({ sendBack, receive }) => {
      let previous: PresentedView | null = null;
      let waiting: PresenceEngineCommand | null = null;
      const apply = (engine: EnginePort, command: PresenceEngineCommand) => {
        if (!engine.getModel()) {
          waiting = command;
          return;
        }
        // The first view after following starts glides the engine's usual second; later ones chain in short steps.
        showView(engine, command.view, command.first ? {} : { previous, durationMs: FOLLOW_STEP_MS });
        previous = command.view;
      };
      receive((command) => {
        const engine = slot.get();
        if (engine) apply(engine, command);
        else waiting = command;
      });
      const subscriptions: Array<() => void> = [];
      let stopped = false;
      void slot.ready().then(
        (engine) => {
          if (stopped) return;
          subscriptions.push(
            engine.onUserCameraMove.subscribe(() => sendBack({ type: 'presence.gesture' })),
            engine.onPick.subscribe(({ point }) => {
              if (point) sendBack({ type: 'presence.pick', at: [point[0], point[1], point[2]] });
            }),
            // A view that came before the model is applied once it is drawn.
            engine.onProgress.subscribe(() => {
              if (waiting && engine.getModel()) {
                const command = waiting;
                waiting = null;
                apply(engine, { ...command, first: true });
              }
            }),
          );
          if (waiting) {
            const command = waiting;
            waiting = null;
            apply(engine, command);
          }
        },
        () => {},
      );
      return () => {
        stopped = true;
        subscriptions.forEach((unsubscribe) => unsubscribe());
      };
    });

  const watchViewFor = (slot: EngineSlot) =>
    fromCallback<PresenterEvent, PresenterInput>(({ sendBack, input }) => {
      let last = '';
      const look = () => {
        const engine = slot.get();
        if (!engine?.getModel()) return;
        const view = presentedViewOf(engine, input.readSelection());
        const text = JSON.stringify(view);
        if (text === last) return;
        last = text;
        sendBack({ type: 'presenter.view', view });
      };
      look();
      const timer = setInterval(look, WATCH_MS);
      return () => clearInterval(timer);
    });

  return {
    /** The presence machine of one screen, bound to its engine slot. */
    actorsFor(slot: EngineSlot) {
      return {
        presence: presenceMachine.provide({
          actors: {
            presenceSocket,
            presenceEngine: engineActorFor(slot),
            presenter: presenterMachine.provide({ actors: { watchView: watchViewFor(slot) } }),
          },
        }),
      };
    },
  };
}
