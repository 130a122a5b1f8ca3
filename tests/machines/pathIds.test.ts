/**
 * Generated paths have stable ids (tests/helpers/pathIds.ts): the same path has the same id however
 * often it is generated, different paths have different ids, and adding a state and an event
 * elsewhere in a machine leaves the ids of the paths that do not go there as they were.
 */
import { createMachine, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createSut, modelPaths } from '../helpers/modelBased';
import { eventText, pathId } from '../helpers/pathIds';
import { generate } from '../models/machineModel';
import { followerModel } from '../models/follower';

const before = createMachine({
  id: 'door',
  initial: 'closed',
  states: { closed: { on: { open: 'opened' } }, opened: { on: { close: 'closed', lock: 'locked' } }, locked: { on: { unlock: 'opened' } } },
});
// The same machine with a state and an event added beside the others.
const after = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', paint: 'painted' } },
    painted: { on: { dry: 'closed' } },
    opened: { on: { close: 'closed', lock: 'locked' } },
    locked: { on: { unlock: 'opened' } },
  },
});
const events = ['open', 'close', 'lock', 'unlock'].map((type) => ({ type }));
const idsOf = (machine: typeof before, extra: Array<{ type: string }> = []) =>
  modelPaths(machine, { events: [...events, ...extra], sut: () => createSut(machine) }).cases.map((c) => ({ id: c.id, events: c.steps.map((s) => s.event.type).join(' ') }));

describe('path ids', () => {
  it('name a path by its events, payloads included', () => {
    const a = (n: number) => ({ type: 'a', n }) as EventObject;
    expect(pathId([a(1)])).toBe(pathId([a(1)]));
    expect(pathId([a(1)])).not.toBe(pathId([a(2)]));
    expect(pathId([{ type: 'xstate.init' }, { type: 'a' }])).toBe(pathId([{ type: 'a' }]));
    expect(pathId([{ type: 'a' }])).toMatch(/^[0-9a-f]{8}$/);
    expect(eventText({ type: 'socket.error', error: new Error('dropped'), bytes: new Uint8Array(3) } as EventObject)).toBe('socket.error error=Error(dropped) bytes=bytes(3)');
  });

  it('are the same each time the paths are generated, and differ between paths', () => {
    const first = generate(followerModel).runs.flatMap((r) => r.cases.map((c) => c.id));
    const second = generate(followerModel).runs.flatMap((r) => r.cases.map((c) => c.id));
    expect(second).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
  });

  it('stay as they were when a state and an event are added elsewhere in the machine', () => {
    const old = idsOf(before);
    const grown = idsOf(after, [{ type: 'paint' }, { type: 'dry' }]);
    expect(old.length).toBeGreaterThan(0);
    for (const path of old) expect(grown).toContainEqual(path);
    // The new state has paths of its own.
    expect(grown.some((p) => p.events.includes('paint'))).toBe(true);
  });
});
