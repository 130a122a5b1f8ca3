// @vitest-environment jsdom
/**
 * A restore's question stays while the list is read again: the owner is asked to confirm a credit,
 * a colleague's new revision arrives meanwhile (the panel reads its list again), and the dialog is
 * still there and still answers; the restore's progress shows while the list is being read.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Project, Revision } from '../../../src/api/schemas';
import { revisionsMachine } from '../../../src/machines/viewer/owner/revisionsMachine';
import { renderRevisionsPanel } from '../../helpers/renderRevisionsPanel';

afterEach(cleanup);

const revision = (n: number): Revision => ({ revisionNumber: n, date: new Date(2026, 10, n), authorName: 'Olga', fileName: `kitchen-${n}.dae`, modelUrl: `/m/${n}.glb`, thumbnailUrl: `/t/${n}.png` });

it('keeps the credit question while a new revision makes the list be read again, and its Continue restores with the credit', async () => {
  const restores: Array<{ consumeCredit: boolean }> = [];
  let lists = 0;
  const actor = createActor(
    revisionsMachine.provide({
      actors: {
        // The first read is answered; the one after the new revision stays on its way.
        listRevisions: fromPromise(() => (lists++ === 0 ? Promise.resolve([revision(3), revision(2), revision(1)]) : new Promise<Revision[]>(() => {}))),
        restoreRevision: fromPromise<Project, { projectId: number; revisionNumber: number; consumeCredit: boolean; keepApproval: boolean }>(({ input }) => {
          restores.push({ consumeCredit: input.consumeCredit });
          // The first restore needs a credit; the one with the credit is never answered (its progress shows).
          return input.consumeCredit ? new Promise<Project>(() => {}) : Promise.reject(Object.assign(new Error('409'), { status: 409, code: 'credit_confirmation_required' }));
        }),
      },
      actions: { restored: () => {} },
    }),
    { input: { projectId: 7, currentRevision: 3 } },
  ).start();
  actor.send({ type: 'revisions.load' });
  renderRevisionsPanel(actor, 'en');
  await waitFor(() => expect(document.querySelector('[data-revision="2"]')).toBeTruthy());
  fireEvent.click(within(document.querySelector('[data-revision="2"]') as HTMLElement).getByRole('button', { name: 'Make current' }));
  await screen.findByRole('alertdialog', { name: 'Confirm credit usage' });

  actor.send({ type: 'revisions.changed', currentRevision: 4 });
  await screen.findByText('Loading the revisions…');
  await screen.findByRole('alertdialog', { name: 'Confirm credit usage' });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(restores).toEqual([{ consumeCredit: false }, { consumeCredit: true }]));
  expect((await screen.findByRole('status')).textContent).toBe('Making revision 2 current…');
});

it("names the approved revision in the approval's question, also once a new revision arrives while it is asked", async () => {
  const actor = createActor(
    revisionsMachine.provide({
      actors: {
        listRevisions: fromPromise(() => Promise.resolve([revision(3), revision(2), revision(1)])),
        restoreRevision: fromPromise<Project, { projectId: number; revisionNumber: number; consumeCredit: boolean; keepApproval: boolean }>(() => new Promise<Project>(() => {})),
      },
      actions: { restored: () => {} },
    }),
    { input: { projectId: 7, currentRevision: 3, approvedRevision: 3 } },
  ).start();
  actor.send({ type: 'revisions.load' });
  renderRevisionsPanel(actor, 'en');
  await waitFor(() => expect(document.querySelector('[data-revision="2"]')).toBeTruthy());
  fireEvent.click(within(document.querySelector('[data-revision="2"]') as HTMLElement).getByRole('button', { name: 'Make current' }));
  await screen.findByRole('alertdialog', { name: 'Revision 3 is approved' });

  // A colleague's revision 4 arrives while the owner is asked: the approval is still revision 3's.
  actor.send({ type: 'revisions.changed', currentRevision: 4 });
  await waitFor(() => expect(actor.getSnapshot().context.currentRevision).toBe(4));
  expect(actor.getSnapshot().matches({ restore: 'confirmingApproval' })).toBe(true);
  expect(screen.getByRole('alertdialog', { name: 'Revision 3 is approved' })).toBeTruthy();
});
