// @vitest-environment jsdom
/**
 * Making an older revision current while the client's approval holds the current one, in the
 * revisions panel with the real revisions machine and fake calls: the owner is asked first, in
 * English and French; "Keep the approval" and "Ask for approval again" send the restore with the
 * matching choice; Cancel sends nothing; a project without an approval is not asked.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Project, Revision } from '../../../src/api/schemas';
import { revisionsMachine } from '../../../src/machines/viewer/owner/revisionsMachine';
import { makeProject } from '../../helpers/fakeProjectsApi';
import { renderRevisionsPanel } from '../../helpers/renderRevisionsPanel';

afterEach(cleanup);

const revision = (n: number): Revision => ({ revisionNumber: n, date: new Date(2026, 10, n), authorName: 'Olga', fileName: `kitchen-${n}.dae`, modelUrl: `/m/${n}.glb`, thumbnailUrl: `/t/${n}.png` });

function mount(approvedRevision: number | null, locale: 'en' | 'fr' = 'en') {
  const restores: unknown[] = [];
  const actor = createActor(
    revisionsMachine.provide({
      actors: {
        listRevisions: fromPromise(async () => [revision(3), revision(2), revision(1)]),
        restoreRevision: fromPromise<Project, { projectId: number; revisionNumber: number; consumeCredit: boolean; keepApproval: boolean }>(async ({ input }) => {
          restores.push(input);
          return makeProject({ id: 7, revisionNumber: 4 });
        }),
      },
      // Without a viewer around it, the restored project goes nowhere.
      actions: { restored: () => {} },
    }),
    { input: { projectId: 7, currentRevision: 3, approvedRevision } },
  ).start();
  actor.send({ type: 'revisions.load' });
  renderRevisionsPanel(actor, locale);
  return { actor, restores };
}

async function restoreTwo(name: RegExp | string) {
  const buttons = await screen.findAllByRole('button', { name });
  // The list is newest first: 3 (current), 2, 1.
  fireEvent.click(buttons[0]);
}

describe('leaving an approved revision', () => {
  it.each([
    ['Keep the approval', true],
    ['Ask for approval again', false],
  ])('asks first, and "%s" restores with keepApproval %s', async (choice, keepApproval) => {
    const { restores } = mount(3);
    await restoreTwo(/Make current/);
    const dialog = await screen.findByRole('alertdialog', { name: 'Revision 3 is approved' });
    expect(dialog.textContent).toContain('Making revision 2 current asks them to approve again');
    expect(restores).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: choice }));
    await waitFor(() => expect(restores).toEqual([{ projectId: 7, revisionNumber: 2, consumeCredit: false, keepApproval }]));
  });

  it('sends nothing on Cancel, and does not ask when the current revision is not approved', async () => {
    const approved = mount(3);
    await restoreTwo(/Make current/);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(approved.restores).toEqual([]);
    cleanup();
    const plain = mount(null);
    await restoreTwo(/Make current/);
    await waitFor(() => expect(plain.restores).toEqual([{ projectId: 7, revisionNumber: 2, consumeCredit: false, keepApproval: false }]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks in French', async () => {
    mount(3, 'fr');
    await restoreTwo(/actuelle/i);
    const dialog = await screen.findByRole('alertdialog', { name: 'La révision 3 est approuvée' });
    expect(dialog.textContent).toContain('Garder l’approbation');
  });
});
