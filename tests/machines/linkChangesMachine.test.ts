/**
 * What changed on a link since the last visit, against its rules written here: a first visit
 * remembers the revision and says nothing; a newer revision reads the changes from the one seen and
 * shows the banner; Show tints the added and changed parts, Hide takes them away; Got it remembers
 * the revision shown; nothing changed, or changes that cannot be read, end quietly. Then the
 * generated paths, checked by the oracle of tests/models/linkChanges.ts.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { RevisionChanges } from '../../src/api/schemas';
import { linkChangesMachine } from '../../src/machines/viewer/linkChangesMachine';
import type { CompareView } from '../../src/machines/viewer/revisionsMachine';
import { modelTests } from '../helpers/modelTests';
import { linkChangesModel } from '../models/linkChanges';

modelTests(linkChangesModel);

const changes: RevisionChanges = {
  from: 2,
  to: 5,
  counts: { added: 2, removed: 1, changed: 1, unchanged: 40 },
  parts: [
    { status: 'added', path: ['Kitchen', 'Tall unit'], partId: '31', changes: [] },
    { status: 'added', path: ['Kitchen', 'Tall unit', 'Door'], partId: '32', changes: [] },
    { status: 'changed', path: ['Kitchen', 'Base 1', 'Door'], partId: '7', changes: ['dimensions'] },
    { status: 'removed', path: ['Kitchen', 'Filler'], partId: null, changes: [] },
  ],
};

function start(seen: number | null, answer: RevisionChanges | Error = changes) {
  const log = { read: [] as number[], remembered: [] as number[], shown: [] as CompareView[], hidden: 0 };
  const machine = linkChangesMachine.provide({
    actors: {
      readSeen: fromPromise(async () => seen),
      rememberSeen: fromPromise(async ({ input }: { input: { accessKey: string; revisionNumber: number } }) => {
        log.remembered.push(input.revisionNumber);
      }),
      readChanges: fromPromise(async ({ input }: { input: { accessKey: string; from: number } }) => {
        log.read.push(input.from);
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      compareEngine: fromCallback<{ type: string }, CompareView>(({ input }) => {
        log.shown.push(input);
        return () => void log.hidden++;
      }),
    },
  });
  const actor = createActor(machine, { input: { accessKey: 'k1', revisionNumber: 5 } }).start();
  return { actor, log };
}

describe('what changed on a link since the last visit', () => {
  it('a first visit remembers the revision shown and shows no banner', async () => {
    const { actor, log } = start(null);
    await waitFor(actor, (s) => s.status === 'done');
    expect(log).toEqual({ read: [], remembered: [5], shown: [], hidden: 0 });
  });

  it('the same revision as last time: nothing to say', async () => {
    const { actor, log } = start(5);
    await waitFor(actor, (s) => s.status === 'done');
    expect(log.read).toEqual([]);
  });

  it('a newer revision: the changes since the one seen, tinted on demand, remembered on Got it', async () => {
    const { actor, log } = start(2);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(log.read).toEqual([2]);
    expect(actor.getSnapshot().context.changes?.counts).toEqual({ added: 2, removed: 1, changed: 1, unchanged: 40 });
    actor.send({ type: 'linkChanges.show' });
    expect(log.shown).toEqual([{ added: ['31', '32'], changed: ['7'], onlyChanges: false }]);
    actor.send({ type: 'linkChanges.hide' });
    expect(log.hidden).toBe(1);
    expect(log.remembered).toEqual([]);
    actor.send({ type: 'linkChanges.show' });
    actor.send({ type: 'linkChanges.dismiss' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(log.hidden).toBe(2);
    expect(log.remembered).toEqual([5]);
  });

  it('no part changed, or the seen revision no longer kept: it ends quietly and remembers', async () => {
    const none = start(2, { ...changes, counts: { added: 0, removed: 0, changed: 0, unchanged: 44 }, parts: [] });
    await waitFor(none.actor, (s) => s.status === 'done');
    expect(none.log.remembered).toEqual([5]);
    const gone = start(1, Object.assign(new Error('404'), { status: 404 }));
    await waitFor(gone.actor, (s) => s.status === 'done');
    expect(gone.log).toMatchObject({ read: [1], remembered: [5], shown: [] });
  });
});
