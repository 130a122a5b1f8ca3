// @vitest-environment jsdom
/**
 * The link's "what changed" banner with the real link-changes machine under a stand-in viewer:
 * the list of the changed parts opens under the counts where the answer names the parts; a row of
 * an added or changed part asks the viewer to select and frame it; a removed part is listed, not
 * a button; without the parts (the link hides the hierarchy) there is no list to open.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import type { RevisionChanges } from '../../../src/api/schemas';
import { linkChangesMachine } from '../../../src/machines/viewer/review/linkChangesMachine';
import { LinkChangesBanner } from '../../../src/ui/viewer/LinkChangesBanner';
import type { ViewerActor } from '../../../src/ui/viewer/viewerActors';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

const changes: RevisionChanges = {
  from: 2,
  to: 5,
  counts: { added: 1, removed: 1, changed: 1, unchanged: 40 },
  parts: [
    { status: 'added', path: ['Kitchen', 'Tall unit'], partId: '31', changes: [] },
    { status: 'changed', path: ['Kitchen', 'Base 1', 'Door'], partId: '7', changes: ['dimensions'] },
    { status: 'removed', path: ['Kitchen', 'Filler'], partId: null, changes: [] },
  ],
};

async function renderBanner(answer: RevisionChanges, locale: 'en' | 'fr' = 'en') {
  const selected: unknown[] = [];
  const child = linkChangesMachine.provide({
    actors: { readSeen: fromPromise(async (): Promise<number | null> => 2), rememberSeen: fromPromise(async (): Promise<void> => {}), readChanges: fromPromise(async (): Promise<RevisionChanges | null> => answer) },
  });
  // The viewer, as far as the banner reads it (its link-changes child) and the rows reach it.
  const viewer = setup({
    types: { context: {} as { linkChanges: ActorRefFrom<typeof child> | null } },
    actors: { linkChanges: child },
  }).createMachine({
    context: { linkChanges: null },
    entry: assign({ linkChanges: ({ spawn }) => spawn('linkChanges', { id: 'linkChanges', input: { accessKey: 'k1', revisionNumber: 5 } }) }),
    on: { 'viewer.treeSelect': { actions: ({ event }) => void selected.push(event) } },
  });
  const actor = createActor(viewer).start();
  const linkChanges = actor.getSnapshot().context.linkChanges!;
  renderWithLocale(<LinkChangesBanner viewer={actor as unknown as ViewerActor} />, locale);
  await act(() => waitFor(linkChanges, (s) => s.matches('ready')));
  return { selected, user: userEvent.setup({ delay: null }) };
}

describe('what changed banner on a link', () => {
  it('lists the changed parts on demand; a row selects and frames its part; a removed part is not a button', async () => {
    const { selected, user } = await renderBanner(changes);
    const banner = screen.getByRole('region', { name: 'What changed' });
    expect(within(banner).queryByRole('list', { name: 'Changed parts' })).toBeNull();
    const open = within(banner).getByRole('button', { name: 'List the parts' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await user.click(open);
    const list = within(banner).getByRole('list', { name: 'Changed parts' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['AddedKitchen › Tall unit', 'ChangedKitchen › Base 1 › Door (dimensions)', 'RemovedKitchen › Filler']);
    expect(within(rows[2]).queryByRole('button')).toBeNull();
    await user.click(within(list).getByRole('button', { name: /Base 1 › Door/ }));
    await user.click(within(list).getByRole('button', { name: /Tall unit/ }));
    expect(selected).toEqual([
      { type: 'viewer.treeSelect', partId: '7', frame: true },
      { type: 'viewer.treeSelect', partId: '31', frame: true },
    ]);
    await user.click(within(banner).getByRole('button', { name: 'Close the list' }));
    expect(within(banner).queryByRole('list', { name: 'Changed parts' })).toBeNull();
  });

  it('has no list to open when the link hides the hierarchy (the answer names no part)', async () => {
    await renderBanner({ ...changes, parts: [] });
    const banner = screen.getByRole('region', { name: 'What changed' });
    expect(within(banner).queryByRole('button', { name: 'List the parts' })).toBeNull();
    expect(banner.textContent).toContain('1 added');
  });

  it('speaks French', async () => {
    const { user } = await renderBanner(changes, 'fr');
    await user.click(screen.getByRole('button', { name: 'Lister les pièces' }));
    expect(screen.getByRole('list', { name: 'Pièces modifiées' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Base 1 › Door/ }).getAttribute('title')).toBe('Montrer Kitchen › Base 1 › Door dans le modèle');
  });
});
