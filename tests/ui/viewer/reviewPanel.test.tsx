// @vitest-environment jsdom
/**
 * The review's notes panel with the real review machine and fake calls, in English and French:
 * numbered notes with their replies and how many are open, pinning a note with a markup tool and
 * its text, a reply, and the owner's Resolve that a guest does not have.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { CommentReviewInput, ReviewedComment } from '../../../src/api/schemas';
import { reviewMachine, type ReviewEngineCommand, type ReviewRef } from '../../../src/machines/viewer/review/reviewMachine';
import { ReviewPanel } from '../../../src/ui/viewer/review/ReviewPanel';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

const VIEW = { camera: { view: 'free' as const, position: [1, 1, 2] as [number, number, number], target: [0, 0, 0] as [number, number, number], orthoHalfHeight: null }, renderMode: 'solid' as const, clipping: null, explode: 0, hidden: [], isolated: null, measurement: null };
const base = { date: new Date(1_700_000_000_000), authorAvatarUrl: '', isDeletable: false, revisionNumber: 1, pin: null, hasView: false, resolvedAt: null };
const NOTES: ReviewedComment[] = [
  { ...base, id: 1, authorName: 'Claire', text: 'Door opens the wrong way', parentId: null, status: 'open', hasView: true, pin: { point: [0, 0, 0], partId: '3', partName: 'Door left' } },
  { ...base, id: 2, authorName: 'Olga', text: 'Will fix', parentId: 1, status: 'open' },
  { ...base, id: 3, authorName: 'Claire', text: 'Black handles', parentId: null, status: 'resolved' },
];

function mount(role: 'owner' | 'guest', locale: 'en' | 'fr' = 'en') {
  const created: unknown[] = [];
  const statuses: unknown[] = [];
  const actor = createActor(
    reviewMachine.provide({
      actors: {
        // The engine's side answers a capture with the view on screen.
        reviewEngine: fromCallback<ReviewEngineCommand>(({ receive, sendBack }) => receive((command) => command.type === 'capture' && sendBack({ type: 'review.captured', view: VIEW }))),
        loadNotes: fromPromise(async () => NOTES),
        createNote: fromPromise(async ({ input }: { input: { ref: ReviewRef; body: CommentReviewInput & { authorName: string; text: string } } }) => {
          created.push(input.body);
          return { id: 50 };
        }),
        setStatus: fromPromise<void, { ref: ReviewRef; id: number; status: 'open' | 'resolved' }>(async ({ input }) => {
          statuses.push(input);
        }),
      },
    }),
    { input: { ref: { id: 1 }, role, revisionNumber: 2, authorName: role === 'owner' ? 'Olga' : 'Claire' } },
  ).start();
  renderWithLocale(<ReviewPanel actor={actor} />, locale);
  return { actor, created, statuses };
}

describe('the review panel', () => {
  it('numbers the notes, nests the replies and counts the open ones', async () => {
    mount('guest');
    await screen.findByText('Door opens the wrong way');
    expect(screen.getByTestId('open-notes').textContent).toBe('1 open');
    const first = document.querySelector('[data-note="1"]')!;
    expect(first.textContent).toContain('Will fix');
    expect(first.textContent).toContain('On Door left');
    expect(document.querySelector('[data-note="2"]')).toBeNull();
    expect(screen.getByText('Resolved')).toBeTruthy();
    // A guest has no Resolve.
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('opens a note by a click on its card, as its Show button does; a click on a control of the card is that control\'s', async () => {
    const { actor, statuses } = mount('owner');
    await screen.findByText('Door opens the wrong way');
    const card = document.querySelector('[data-note="1"]') as HTMLElement;
    fireEvent.click(screen.getByText('Door opens the wrong way'));
    await waitFor(() => expect(actor.getSnapshot().context.openId).toBe(1));
    // Reopen is its own button: it reopens the other note, and does not open it.
    fireEvent.click(within(document.querySelector('[data-note="3"]') as HTMLElement).getByRole('button', { name: 'Reopen' }));
    expect(actor.getSnapshot().context.openId).toBe(1);
    await waitFor(() => expect(statuses).toHaveLength(1));
    // Once the status is saved, a click on the other card opens that note.
    await waitFor(() => {
      fireEvent.click(document.querySelector('[data-note="3"]') as HTMLElement);
      expect(actor.getSnapshot().context.openId).toBe(3);
    });
    expect(card.className).not.toContain('border-primary');
  });

  it('pins a note on the whole view with an arrow and sends its text', async () => {
    const { created, actor } = mount('guest');
    await screen.findByText('Door opens the wrong way');
    fireEvent.click(screen.getByRole('button', { name: 'Pin a note' }));
    expect(screen.getByText('Tap the model where the note belongs.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Note on the whole view' }));
    expect(actor.getSnapshot().matches({ ready: { composing: 'drawing' } })).toBe(true);
    const arrow = screen.getByRole('button', { name: 'Arrow' });
    fireEvent.click(arrow);
    expect(arrow.getAttribute('aria-pressed')).toBe('true');
    act(() => actor.send({ type: 'review.shape', shape: { kind: 'arrow', from: [0.1, 0.1], to: [0.4, 0.4], color: '#f97316' } }));
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your note'), { target: { value: 'Too deep here' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ authorName: 'Claire', text: 'Too deep here', revisionNumber: 2, view: VIEW, markup: [{ kind: 'arrow', from: [0.1, 0.1], to: [0.4, 0.4], color: '#f97316' }] });
  });

  it("gives the owner Resolve and Reopen, and a reply box under a note, in French", async () => {
    const { statuses, created } = mount('owner', 'fr');
    await screen.findByText('Door opens the wrong way');
    expect(screen.getByTestId('open-notes').textContent).toBe('1 ouverte(s)');
    fireEvent.click(screen.getByRole('button', { name: 'Résoudre' }));
    await waitFor(() => expect(statuses).toEqual([{ ref: { id: 1 }, id: 1, status: 'resolved' }]));
    fireEvent.click(screen.getAllByRole('button', { name: 'Répondre' })[0]);
    fireEvent.change(await screen.findByLabelText('Votre réponse'), { target: { value: 'Corrigé' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(created).toEqual([{ authorName: 'Olga', text: 'Corrigé', parentId: 1, revisionNumber: 2 }]));
    expect(screen.getByRole('button', { name: 'Rouvrir' })).toBeTruthy();
  });
});
