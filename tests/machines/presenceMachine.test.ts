/**
 * The presence machine with a fake socket and a fake engine: what it says to the server on each
 * step (hello, present, views, following, points), what it asks the engine (a followed view, the
 * first one gliding the whole second), points that fade after `pointMs`, a dropped socket said
 * again after reconnecting, a guest's link unpublished ending it all.
 */
import { assign, createActor, fromCallback, setup, SimulatedClock, type AnyActorRef, type AnyEventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { PRESENCE_LIMITS, type PresenceServerMessage, type PresenceViewer } from '../../src/api/presence';
import { presenceMachine, type PresenceEngineCommand } from '../../src/machines/viewer/live/presenceMachine';
import { presentedViewAt } from '../helpers/presentedView';

const view = (x: number) => presentedViewAt(x);

const viewer = (id: string, role: 'owner' | 'guest', extra: Partial<PresenceViewer> = {}): PresenceViewer => ({
  id,
  role,
  name: role === 'owner' ? 'Olga' : null,
  number: role === 'guest' ? 1 : null,
  presentingSince: null,
  following: false,
  joinedAt: 1,
  ...extra,
});

function start(role: 'owner' | 'guest', tools: AnyActorRef | null = null) {
  const sent: unknown[] = [];
  const engine: PresenceEngineCommand[] = [];
  const clock = new SimulatedClock();
  const toMachine: { send?: (event: AnyEventObject) => void } = {};
  const provided = presenceMachine.provide({
    actors: {
      presenceSocket: fromCallback(({ receive, sendBack }) => {
        receive((message) => void sent.push(message));
        toMachine.send = sendBack;
        return () => {};
      }),
      presenceEngine: fromCallback<PresenceEngineCommand>(({ receive }) => {
        receive((command) => void engine.push(command));
        return () => {};
      }),
      presenter: presenceMachine.implementations.actors.presenter as never,
    },
  });
  const actor = createActor(provided, { input: { ref: role === 'owner' ? { id: 7 } : { accessKey: 'Abc' }, role, name: null, tools }, clock }).start();
  const server = (message: PresenceServerMessage) => actor.send({ type: 'presence.message', message });
  return { actor, sent, engine, clock, server, socket: (event: AnyEventObject) => toMachine.send!(event) };
}

describe('presence machine', () => {
  it('follows an owner who presents, applies their views, and stops on a gesture, telling the server', () => {
    const { actor, sent, engine, server, socket } = start('guest');
    socket({ type: 'presence.connected' });
    expect(sent).toEqual([{ type: 'hello', name: null }]);
    server({ type: 'welcome', you: 'g1', role: 'guest' });
    // The view comes before the list that says who presents: kept, shown once the list comes.
    server({ type: 'view', from: 'o1', view: view(1) });
    expect(engine).toEqual([]);
    server({ type: 'presence', viewers: [viewer('o1', 'owner', { presentingSince: 5 }), viewer('g1', 'guest')] });
    expect(actor.getSnapshot().context.follower.getSnapshot().value).toBe('following');
    expect(engine).toEqual([{ type: 'apply', view: view(1), first: true }]);
    expect(sent.at(-1)).toEqual({ type: 'follow', following: true });
    server({ type: 'view', from: 'o1', view: view(2) });
    expect(engine.at(-1)).toEqual({ type: 'apply', view: view(2), first: false });
    socket({ type: 'presence.gesture' });
    expect(actor.getSnapshot().context.follower.getSnapshot().value).toBe('free');
    expect(sent.at(-1)).toEqual({ type: 'follow', following: false });
    server({ type: 'view', from: 'o1', view: view(3) });
    expect(engine).toHaveLength(2);
    actor.send({ type: 'presence.followAgain' });
    expect(engine.at(-1)).toEqual({ type: 'apply', view: view(3), first: true });
    // A guest's Present does nothing (no presenter here).
    actor.send({ type: 'presence.present' });
    expect(sent.filter((m) => (m as { type: string }).type === 'present')).toEqual([]);
  });

  it('presents for the owner, and says it again after the socket dropped', () => {
    const { actor, sent, socket } = start('owner');
    socket({ type: 'presence.connected' });
    actor.send({ type: 'presence.present' });
    expect(sent).toContainEqual({ type: 'present', on: true });
    // The presenter's own pick shows as their pointer.
    socket({ type: 'presence.pick', at: [0.5, 0.5, 0.5] });
    expect(sent.at(-1)).toEqual({ type: 'point', at: [0.5, 0.5, 0.5] });
    socket({ type: 'presence.disconnected' });
    sent.length = 0;
    socket({ type: 'presence.connected' });
    expect(sent).toEqual([{ type: 'hello', name: null }, { type: 'present', on: true }]);
    actor.send({ type: 'presence.stopPresenting' });
    expect(sent.at(-1)).toEqual({ type: 'present', on: false });
  });

  it('points once when Point is on, and shows the others points for a while', () => {
    const { actor, sent, server, socket, clock } = start('guest');
    socket({ type: 'presence.connected' });
    server({ type: 'welcome', you: 'g1', role: 'guest' });
    socket({ type: 'presence.pick', at: [1, 2, 3] });
    expect(sent.filter((m) => (m as { type: string }).type === 'point')).toEqual([]);
    actor.send({ type: 'presence.togglePoint' });
    socket({ type: 'presence.pick', at: [1, 2, 3] });
    expect(sent.at(-1)).toEqual({ type: 'point', at: [1, 2, 3] });
    expect(actor.getSnapshot().context.pointing).toBe(false);
    server({ type: 'point', from: 'o1', at: [4, 5, 6] });
    expect(actor.getSnapshot().context.points.map((p) => p.at)).toEqual([[4, 5, 6]]);
    clock.increment(PRESENCE_LIMITS.pointMs - 1);
    expect(actor.getSnapshot().context.points).toHaveLength(1);
    clock.increment(1);
    expect(actor.getSnapshot().context.points).toHaveLength(0);
  });

  it('ends for a guest when the link is unpublished, saying why', () => {
    const { actor, server, socket } = start('guest');
    socket({ type: 'presence.connected' });
    server({ type: 'presence', viewers: [viewer('o1', 'owner', { presentingSince: 5 }), viewer('g1', 'guest')] });
    server({ type: 'ended', reason: 'unpublished' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('ended');
    expect(snapshot.context.refusal).toBe('unpublished');
    expect(snapshot.context.viewers).toEqual([]);
    expect(snapshot.context.follower.getSnapshot().value).toBe('alone');
  });

  it("makes the presenter's selection in the tools, and leaves a part the viewer picked until the presenter selects another", () => {
    const toolsMachine = setup({ types: { context: {} as { selectedId: string | null }, events: {} as { type: 'tools.select'; partId: string | null } } }).createMachine({
      context: { selectedId: null },
      on: { 'tools.select': { actions: assign({ selectedId: ({ event }) => event.partId }) } },
    });
    const tools = createActor(toolsMachine).start();
    const { server, socket } = start('guest', tools);
    const selected = () => tools.getSnapshot().context.selectedId;
    socket({ type: 'presence.connected' });
    server({ type: 'welcome', you: 'g1', role: 'guest' });
    server({ type: 'presence', viewers: [viewer('o1', 'owner', { presentingSince: 5 }), viewer('g1', 'guest')] });
    server({ type: 'view', from: 'o1', view: { ...view(1), selection: '7' } });
    expect(selected()).toBe('7');
    // The client taps a part to point at it: it stays selected while the presenter's selection is the same.
    tools.send({ type: 'tools.select', partId: '9' });
    server({ type: 'view', from: 'o1', view: { ...view(2), selection: '7' } });
    expect(selected()).toBe('9');
    server({ type: 'view', from: 'o1', view: { ...view(3), selection: '8' } });
    expect(selected()).toBe('8');
    server({ type: 'view', from: 'o1', view: { ...view(4), selection: null } });
    expect(selected()).toBe(null);
  });
});
