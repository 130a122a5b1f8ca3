// @vitest-environment jsdom
/**
 * Comparing two revisions in the revisions panel, with the real revisions machine inside a parent
 * that records what it is told, and fake calls, in English and French: with the current revision
 * on screen, an older one is compared with it; with an older one opened read-only, another one
 * (the current one included) is compared with the one on screen, and the one on screen cannot be
 * compared with itself. A row of the change list of an added or changed part asks the viewer to
 * select and frame that part; a removed part is listed, not selectable.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, type EventObject } from 'xstate';
import type { Revision, RevisionChanges } from '../../../src/api/schemas';
import type { Locales } from '../../../src/i18n/i18n-types';
import { revisionsMachine } from '../../../src/machines/viewer/owner/revisionsMachine';
import type { RevisionsActor } from '../../../src/ui/viewer/viewerActors';
import { renderRevisionsPanel } from '../../helpers/renderRevisionsPanel';

afterEach(cleanup);

const revision = (n: number): Revision => ({ revisionNumber: n, date: new Date(2026, 10, n), authorName: 'Olga', fileName: `kitchen-${n}.dae`, modelUrl: `/m/${n}.glb`, thumbnailUrl: `/t/${n}.png` });

const changes = (from: number, to: number): RevisionChanges => ({
  from,
  to,
  counts: { added: 1, removed: 1, changed: 1, unchanged: 9 },
  parts: [
    { status: 'added', path: ['Kitchen', 'Shelf'], partId: '12', changes: [] },
    { status: 'changed', path: ['Kitchen', 'Side'], partId: '4', changes: ['dimensions'] },
    { status: 'removed', path: ['Kitchen', 'Leg'], partId: null, changes: [] },
  ],
});

/** The panel over a revisions machine run by a parent (the viewer's place), current revision 4. */
function mountRevisions(locale: Locales = 'en') {
  const reads: Array<{ from: number; to: number }> = [];
  const inbox: EventObject[] = [];
  const child = revisionsMachine.provide({
    actors: {
      listRevisions: fromPromise(async () => [revision(4), revision(3), revision(2), revision(1)]),
      readChanges: fromPromise<RevisionChanges, { projectId: number; from: number; to: number }>(async ({ input }) => {
        reads.push({ from: input.from, to: input.to });
        return changes(input.from, input.to);
      }),
    },
  });
  const parent = createActor(
    setup({ actors: { revisions: child } }).createMachine({
      invoke: { id: 'revisions', src: 'revisions', input: { projectId: 7, currentRevision: 4 } },
      on: { '*': { actions: ({ event }) => inbox.push(event) } },
    }),
  ).start();
  const actor = parent.getSnapshot().children.revisions as RevisionsActor;
  actor.send({ type: 'revisions.load' });
  renderRevisionsPanel(actor, locale);
  return { actor, reads, inbox };
}

/** The row of one revision in the list. */
async function row(n: number) {
  await screen.findByText(`kitchen-${n}.dae`, { exact: false });
  return document.querySelector(`[data-revision="${n}"]`) as HTMLElement;
}

const TEXTS = {
  en: { list: 'Changed parts', show: (name: string) => `Show ${name} in the model`, open: 'Open', compare: 'Compare', withCurrent: 'Revision 2 → current revision 4', withShown: 'Revision 4 compared with revision 2 (on screen)', title: 'Compare with revision 2', back: 'Revision 3 compared with revision 2 (on screen)' },
  fr: { list: 'Pièces modifiées', show: (name: string) => `Montrer ${name} dans le modèle`, open: 'Ouvrir', compare: 'Comparer', withCurrent: 'Révision 2 → révision actuelle 4', withShown: 'Révision 4 comparée à la révision 2 (à l’écran)', title: 'Comparer avec la révision 2', back: 'Révision 3 comparée à la révision 2 (à l’écran)' },
} as const;

describe.each(['en', 'fr'] as const)('comparing revisions (%s)', (locale) => {
  const t = TEXTS[locale];

  it('compares an older revision with the current one while the current one is shown', async () => {
    const { reads } = mountRevisions(locale);
    expect(within(await row(4)).queryByRole('button', { name: t.compare })).toBeNull();
    fireEvent.click(within(await row(2)).getByRole('button', { name: t.compare }));
    expect(await screen.findByRole('heading', { name: t.withCurrent })).toBeTruthy();
    expect(reads).toEqual([{ from: 2, to: 4 }]);
  });

  it('compares another revision, the current one too, with the older one on screen', async () => {
    const { actor, reads, inbox } = mountRevisions(locale);
    fireEvent.click(within(await row(2)).getByRole('button', { name: t.open }));
    await waitFor(() => expect(inbox).toContainEqual({ type: 'viewer.showRevision', revision: { revisionNumber: 2, modelUrl: '/m/2.glb' } }));
    // The one on screen is not compared with itself; the others say what they are compared with.
    expect((within(await row(2)).getByRole('button', { name: t.compare }) as HTMLButtonElement).disabled).toBe(true);
    const current = within(await row(4)).getByRole('button', { name: t.compare }) as HTMLButtonElement;
    expect(current.disabled).toBe(false);
    expect(current.title).toBe(t.title);
    fireEvent.click(current);
    expect(await screen.findByRole('heading', { name: t.withShown })).toBeTruthy();
    expect(reads).toEqual([{ from: 4, to: 2 }]);
    // Back to the current revision: the comparison drawn on revision 2 goes with it.
    actor.send({ type: 'revisions.viewCurrent' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: t.withShown })).toBeNull());
    fireEvent.click(within(await row(2)).getByRole('button', { name: t.open }));
    fireEvent.click(within(await row(3)).getByRole('button', { name: t.compare }));
    expect(await screen.findByRole('heading', { name: t.back })).toBeTruthy();
    expect(reads).toEqual([
      { from: 4, to: 2 },
      { from: 3, to: 2 },
    ]);
  });

  it('selects and frames an added or changed part from a row of the change list; a removed part is listed only', async () => {
    const { inbox } = mountRevisions(locale);
    fireEvent.click(within(await row(2)).getByRole('button', { name: t.compare }));
    const list = await screen.findByRole('list', { name: t.list });
    const select = (event: EventObject) => event.type === 'viewer.treeSelect';
    fireEvent.click(within(list).getByTitle(t.show('Kitchen › Shelf')));
    fireEvent.click(within(list).getByTitle(t.show('Kitchen › Side')));
    await waitFor(() =>
      expect(inbox.filter(select)).toEqual([
        { type: 'viewer.treeSelect', partId: '12', frame: true },
        { type: 'viewer.treeSelect', partId: '4', frame: true },
      ]),
    );
    const removed = list.querySelector('[data-status="removed"]') as HTMLElement;
    expect(removed.textContent).toContain('Kitchen › Leg');
    expect(within(removed).queryByRole('button')).toBeNull();
    expect(within(list).getAllByRole('button')).toHaveLength(2);
  });
});
