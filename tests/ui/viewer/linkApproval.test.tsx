// @vitest-environment jsdom
/**
 * A link's approval on screen, with the real shared viewer and approval machines and a fake
 * approval call: the Approve button only while the link offers approval and the project waits for
 * it; the dialog sends the client's name with the revision they loaded; once approved the link
 * says who approved and when and the button is gone; each refusal is told in the user's language
 * and the typed name stays.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise } from 'xstate';
import { RequestError } from '../../../src/api/errors';
import { ALL_SHARE_OPTIONS, type ApprovalRequest, type SharedProject } from '../../../src/api/schemas';
import { parseViewerParams } from '../../../src/machines/viewer/load/filterParams';
import { approvalMachine } from '../../../src/machines/viewer/review/approvalMachine';
import { sharedViewerMachine } from '../../../src/machines/viewer/viewerMachine';
import { selectGuestProject } from '../../../src/machines/viewer/viewerSelectors';
import { ApprovalBar, LinkApprovalDialog } from '../../../src/ui/viewer/ApprovalBar';
import { SharedProjectPanel } from '../../../src/ui/viewer/panels/SharedProjectPanel';
import type { ViewerActor } from '../../../src/ui/viewer/viewerActors';
import { SAMPLE_LINK } from '../../helpers/appHarness';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

const project = (currentStage: SharedProject['currentStage'], isApprovalAvailable: boolean): SharedProject => ({
  ...SAMPLE_LINK,
  currentStage,
  shareOptions: { ...ALL_SHARE_OPTIONS, isApprovalAvailable, isEstimateAvailable: false },
});
const APPROVED_AT = new Date(2026, 0, 3, 14, 5);
const approvedAnswer = (name: string): SharedProject => ({ ...project('ready', true), approval: { name, date: APPROVED_AT, revisionNumber: 4, quote: null } });
const refusal = (status: number, code: string) => new RequestError('POST', '/api/v1/projects/accessKeys/k1/approval', status, '', code);

type Call = { accessKey: string } & ApprovalRequest;

function Screen({ viewer }: { viewer: ViewerActor }) {
  const shown = useSelector(viewer, selectGuestProject);
  return (
    <>
      <ApprovalBar viewer={viewer} />
      <LinkApprovalDialog viewer={viewer} />
      {shown ? <SharedProjectPanel project={shown} accessKey="k1" /> : null}
    </>
  );
}

/** The link's viewer with `loaded` as the project read, and the approval call answered by `answer`. */
async function openLink(loaded: SharedProject, answer: (call: Call) => Promise<SharedProject> = async (call) => approvedAnswer(call.name), locale: 'en' | 'fr' = 'en') {
  const calls: Call[] = [];
  const none = createMachine({});
  const machine = sharedViewerMachine.provide({
    actors: {
      fetchProject: fromPromise(async () => ({ kind: 'guest' as const, project: loaded })),
      loadModel: fromCallback(() => () => {}),
      tools: none,
      notice: none,
      comments: none,
      hyperlinks: none,
      approval: approvalMachine.provide({
        actors: {
          approve: fromPromise<SharedProject, Call>(({ input }) => {
            calls.push(input);
            return answer(input);
          }),
        },
      }),
    },
  } as never);
  const viewer = createActor(machine, { input: { target: { kind: 'guest', accessKey: 'k1' }, params: parseViewerParams(''), author: { name: 'Guest', avatarUrl: '' } } });
  viewer.start();
  renderWithLocale(<Screen viewer={viewer as unknown as ViewerActor} />, locale);
  await screen.findByText('Ana Martin');
  return { calls, user: userEvent.setup({ delay: null }) };
}

describe('the Approve button of a link', () => {
  it('is absent while the link does not offer approval, even at Pending approval', async () => {
    await openLink(project('approval', false));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('is absent while the project is at another stage, even with the option on', async () => {
    await openLink(project('production', true));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows with the option on at Pending approval, and approving sends the name with the revision loaded', async () => {
    const { calls, user } = await openLink(project('approval', true));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve for production' });
    expect(dialog.textContent).toContain('You approve revision 4 of Kitchen for production.');
    const send = () => screen.getAllByRole('button', { name: 'Approve' }).find((b) => dialog.contains(b))!;
    expect(send()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Your name'), '  Gina Guest ');
    await user.click(send());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([{ accessKey: 'k1', name: 'Gina Guest', revisionNumber: 4 }]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Approved by Gina Guest on 03/01/2026 2:05 PM');
    expect(screen.getAllByText('Approved by Gina Guest on 03/01/2026 2:05 PM')).toHaveLength(2);
    expect(screen.getByText('Ready for production')).toBeTruthy();
  });
});

describe('a name with control or text-direction characters', () => {
  it('is refused in the dialog, in English and French, and never sent', async () => {
    for (const [locale, label, message] of [
      ['en', 'Your name', 'Invalid characters.'],
      ['fr', 'Votre nom', 'Caractères non valides.'],
    ] as const) {
      const { calls, user } = await openLink(project('approval', true), undefined, locale);
      await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Approve' : 'Approuver' }));
      await user.type(await screen.findByLabelText(label), 'Gina\u202eGuest{Enter}');
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
      expect(calls).toEqual([]);
      cleanup();
    }
  });

  it('refuses a line separator and a zero-width joiner too, in English and French', async () => {
    for (const [locale, label, message] of [
      ['en', 'Your name', 'Invalid characters.'],
      ['fr', 'Votre nom', 'Caractères non valides.'],
    ] as const) {
      for (const character of ['\u2028', '\u200d']) {
        const { calls, user } = await openLink(project('approval', true), undefined, locale);
        await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Approve' : 'Approuver' }));
        await user.click(await screen.findByLabelText(label));
        await user.paste(`Gina${character}Guest`);
        await user.keyboard('{Enter}');
        expect((await screen.findByRole('alert')).textContent).toBe(message);
        expect(calls).toEqual([]);
        cleanup();
      }
    }
  });
});

describe('a refused approval', () => {
  it('revision changed: says to reload, keeps the name, and does not send again', async () => {
    const { calls, user } = await openLink(project('approval', true), async () => Promise.reject(refusal(409, 'revision_changed')));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.type(await screen.findByLabelText('Your name'), 'Gina Guest{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('The model changed since you opened it. Reload the page to see the new revision before approving it.');
    expect(screen.getByLabelText('Your name')).toHaveProperty('value', 'Gina Guest');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    const send = screen.getAllByRole('button', { name: 'Approve' }).find((b) => dialog.contains(b))!;
    expect(send).toHaveProperty('disabled', true);
    expect(calls).toHaveLength(1);
  });

  it('not waiting for approval: told in French, the name kept after closing and opening again', async () => {
    const { user } = await openLink(project('approval', true), async () => Promise.reject(refusal(409, 'not_awaiting_approval')), 'fr');
    await user.click(screen.getByRole('button', { name: 'Approuver' }));
    await user.type(await screen.findByLabelText('Votre nom'), 'Gina Guest{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Ce projet n’attend plus d’approbation.');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Approuver' }));
    expect(await screen.findByLabelText('Votre nom')).toHaveProperty('value', 'Gina Guest');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('unavailable: says the link no longer offers approval', async () => {
    const { user } = await openLink(project('approval', true), async () => Promise.reject(refusal(403, 'approval_unavailable')));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.type(await screen.findByLabelText('Your name'), 'Gina{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('This link does not offer approval any more.');
  });

  it('a network failure: a generic message, and sending again works', async () => {
    let attempts = 0;
    const { calls, user } = await openLink(project('approval', true), async (call) => {
      attempts++;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return approvedAnswer(call.name);
    });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.type(await screen.findByLabelText('Your name'), 'Gina{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Your approval could not be sent. Please try again.');
    await act(async () => void (await user.keyboard('{Enter}')));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe('Approved by Gina on 03/01/2026 2:05 PM');
  });
});
