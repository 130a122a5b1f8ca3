// @vitest-environment jsdom
/**
 * Making a revision current again when its model is the current one already (a second identical
 * restore): the server refuses it (already_current) and spends nothing; the panel says why, in
 * English and French, rather than "could not be made current, try again". Another failure keeps
 * its own message.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import type { Project, Revision } from '../../../src/api/schemas';
import type { Locales } from '../../../src/i18n/i18n-types';
import { revisionsMachine } from '../../../src/machines/viewer/owner/revisionsMachine';
import type { RevisionsActor } from '../../../src/ui/viewer/viewerActors';
import { renderRevisionsPanel } from '../../helpers/renderRevisionsPanel';

afterEach(cleanup);

const revision = (n: number): Revision => ({ revisionNumber: n, date: new Date(2026, 10, n), authorName: 'Olga', fileName: `kitchen-${n}.dae`, modelUrl: `/m/${n}.glb`, thumbnailUrl: `/t/${n}.png` });

function mount(refusal: { status: number; code?: string }, locale: Locales = 'en') {
  const child = revisionsMachine.provide({
    actors: {
      listRevisions: fromPromise(async () => [revision(3), revision(2), revision(1)]),
      restoreRevision: fromPromise<Project, { projectId: number; revisionNumber: number; consumeCredit: boolean; keepApproval: boolean }>(async () => {
        throw Object.assign(new Error(String(refusal.status)), refusal);
      }),
    },
  });
  const parent = createActor(setup({ actors: { revisions: child } }).createMachine({ invoke: { id: 'revisions', src: 'revisions', input: { projectId: 7, currentRevision: 3 } } })).start();
  const actor = parent.getSnapshot().children.revisions as RevisionsActor;
  actor.send({ type: 'revisions.load' });
  renderRevisionsPanel(actor, locale);
  return actor;
}

async function makeCurrent(n: number, name: string) {
  await waitFor(() => expect(document.querySelector(`[data-revision="${n}"]`)).toBeTruthy());
  fireEvent.click(within(document.querySelector(`[data-revision="${n}"]`) as HTMLElement).getByRole('button', { name }));
}

describe('making current a revision whose model is already the current one', () => {
  it('says so, and that nothing was spent', async () => {
    const actor = mount({ status: 409, code: 'already_current' });
    await makeCurrent(1, 'Make current');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Revision 1 is already the current model (it was made current before): nothing was changed and no update was used.');
    expect(actor.getSnapshot().context.failure).toBe('alreadyCurrent');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('in French', async () => {
    mount({ status: 409, code: 'already_current' }, 'fr');
    await makeCurrent(1, 'Rendre actuelle');
    expect((await screen.findByRole('dialog')).textContent).toContain('La révision 1 est déjà le modèle actuel');
  });

  it('another failure keeps its own message', async () => {
    mount({ status: 500 });
    await makeCurrent(2, 'Make current');
    expect((await screen.findByRole('dialog')).textContent).toContain('Revision 2 could not be made current. Please try again.');
  });
});
