/**
 * What changed on a link since the last visit, against its rules written here: a first visit
 * remembers the revision and says nothing; a newer revision reads the changes from the one seen and
 * shows the banner; Show tints the added and changed parts, Hide takes them away; Got it remembers
 * the revision shown; nothing changed, or changes that cannot be read, end quietly. Where the
 * answer names the parts (the link shows the hierarchy), their list opens and closes, and a row of
 * an added or changed part asks the viewer to select and frame it; a removed part, or a part the
 * list does not hold, asks nothing. Then the generated paths, checked by the oracle of
 * tests/models/linkChanges.ts.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import type { RevisionChanges } from '../../src/api/schemas';
import { linkChangesMachine } from '../../src/machines/viewer/review/linkChangesMachine';
import type { CompareView } from '../../src/machines/viewer/owner/revisionsMachine';
import { modelTests } from '../helpers/modelTests';
import { CHANGES, linkChangesModel } from '../models/linkChanges';

modelTests(linkChangesModel);

const changes = CHANGES;

function start(seen: number | null, answer: RevisionChanges | Error | null = changes) {
  const log = { read: [] as number[], remembered: [] as number[], shown: [] as CompareView[], hidden: 0, selected: [] as unknown[] };
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
  // The viewer that spawns it, as far as the list's rows reach it: what it is asked to select.
  const viewer = setup({ actors: { linkChanges: machine } }).createMachine({
    invoke: { id: 'linkChanges', src: 'linkChanges', input: { accessKey: 'k1', revisionNumber: 5 } },
    on: { 'viewer.treeSelect': { actions: ({ event }) => void log.selected.push(event) } },
  });
  const parent = createActor(viewer).start();
  const actor = parent.getSnapshot().children.linkChanges as ActorRefFrom<typeof machine>;
  return { actor, log };
}

describe('what changed on a link since the last visit', () => {
  it('a first visit remembers the revision shown and shows no banner', async () => {
    const { actor, log } = start(null);
    await waitFor(actor, (s) => s.status === 'done');
    expect(log).toEqual({ read: [], remembered: [5], shown: [], hidden: 0, selected: [] });
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
    expect(log.shown).toEqual([{ added: ['31', '32'], changed: ['7'], moved: [], onlyChanges: false }]);
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
    const gone = start(1, null);
    await waitFor(gone.actor, (s) => s.status === 'done');
    expect(gone.log).toMatchObject({ read: [1], remembered: [5], shown: [] });
  });

  it('a read that fails (the network dropped, the page leaving meanwhile) remembers nothing: the next visit asks again', async () => {
    const dropped = start(2, new Error('Failed to fetch'));
    await waitFor(dropped.actor, (s) => s.status === 'done');
    expect(dropped.log).toMatchObject({ read: [2], remembered: [], shown: [] });
  });

  it('the list of the changed parts opens and closes; a row of an added or changed part selects and frames it, tinted or not', async () => {
    const { actor, log } = start(2);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.listOpen).toBe(false);
    actor.send({ type: 'linkChanges.toggleList' });
    expect(actor.getSnapshot().context.listOpen).toBe(true);
    actor.send({ type: 'linkChanges.select', partId: '32' });
    expect(log.selected).toEqual([{ type: 'viewer.treeSelect', partId: '32', frame: true }]);
    actor.send({ type: 'linkChanges.show' });
    actor.send({ type: 'linkChanges.select', partId: '7' });
    expect(log.selected).toEqual([
      { type: 'viewer.treeSelect', partId: '32', frame: true },
      { type: 'viewer.treeSelect', partId: '7', frame: true },
    ]);
    // Selecting did not take the tints away, and the list stays open with them.
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    expect(actor.getSnapshot().context.listOpen).toBe(true);
    actor.send({ type: 'linkChanges.toggleList' });
    expect(actor.getSnapshot().context.listOpen).toBe(false);
  });

  it('a removed part, or a part the list does not hold, is not selected', async () => {
    const { actor, log } = start(2, { ...changes, parts: [...changes.parts, { status: 'removed', path: ['Kitchen', 'Old door'], partId: '40', changes: [] }] });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'linkChanges.select', partId: '40' });
    actor.send({ type: 'linkChanges.select', partId: '12' });
    expect(log.selected).toEqual([]);
  });

  it('an answer without the parts (the link hides the hierarchy) has no list to open', async () => {
    const { actor } = start(2, { ...changes, parts: [] });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'linkChanges.toggleList' });
    expect(actor.getSnapshot().context.listOpen).toBe(false);
  });
});
