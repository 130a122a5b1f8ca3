/**
 * The approval machine's screen: a client on a published kitchen's link that offers approval and
 * waits for it (a fresh project for each path; where the server is to take a request for changes,
 * the client wrote a note first, as it asks). The client's decision (POST approval or changes) is
 * held until the path's answer: the real server's acceptance, or a refusal with the status and code
 * the model names (a dropped network: the request fails). After each step the page shows the oracle's dialog (its
 * title, the name typed, the message, whether Approve can be pressed, that it is sending), or the
 * buttons that open it, or the decision taken; the server holds the decisions the oracle took.
 */
import { expect, type Page } from '@playwright/test';
import { api, uploadProject } from '../../bench/lib/appServer';
import type { Project } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { approvalModel, type ApprovalExpected } from '../../tests/models/approval';
import { e2eServer } from '../linkHelpers';
import { newAccount, type Account } from './accounts';
import { HeldRequests, refuse } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

const NAME = 'Approval kitchen';
const TEXTS = {
  approve: 'Approve',
  askForChanges: 'Ask for changes',
  titles: { approve: 'Approve for production', changes: 'Ask for changes' },
  yourName: 'Your name',
  sending: { approve: 'Sending your approval…', changes: 'Sending your request…' },
  tooLong: 'At most 60 characters.',
  invalidCharacters: 'Invalid characters.',
  failures: {
    revisionChanged: 'The model changed since you opened it. Reload the page to see the new revision before approving it.',
    notAwaiting: 'This project is not waiting for approval any more.',
    unavailable: 'This link does not offer approval any more.',
    linkGone: 'This link is no longer available.',
    other: 'Your approval could not be sent. Please try again.',
    noNote: 'Pin a note on the model first, saying what should change: then ask for changes.',
  } as Record<string, string>,
};
/** Control and text-direction characters a name may not hold (SPEC §5). */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

interface ApprovalScreen extends Account {
  projectId: number;
  accessKey: string;
  decisions: HeldRequests;
}

let owner: Promise<Account> | null = null;
const ownerAccount = () => (owner ??= newAccount('approval', { name: 'Olga Owner', sku: 'UNLIMITED' }));

/** A fresh kitchen of the owner's, published with approval offered and comments on, waiting for approval. */
async function waitingLink(account: Account): Promise<{ projectId: number; accessKey: string }> {
  for (const old of await api<{ id: number }[]>(e2eServer, 'projects', account.token)) await api(e2eServer, `projects/${old.id}`, account.token, undefined, 'DELETE');
  const project = await uploadProject(e2eServer, account.token, NAME, 'kitchen.dae', await writeSample(generateAssembly({ parts: 8, seed: 6 }), 'dae'));
  const shown = await api<Project>(e2eServer, `projects/${project.id}`, account.token);
  await api(e2eServer, `projects/${project.id}`, account.token, { isPublished: true, shareOptions: { ...shown.shareOptions, isApprovalAvailable: true, isCommentsVisible: true } }, 'PATCH');
  await api(e2eServer, `projects/${project.id}`, account.token, { currentStage: 'approval' }, 'PATCH');
  return { projectId: project.id, accessKey: project.accessKey };
}

/**
 * What the page cannot play: a step of the dialog while it is closed, or once the decision is
 * taken (there is no dialog); opening it while it is open (it covers the buttons); typing or
 * sending while it sends (the field and Approve are disabled).
 */
function unplayable(path: ScreenPath<ApprovalExpected>): string | null {
  for (const { event, before } of statesBefore(approvalModel, path)) {
    const type = event.type;
    if (!type.startsWith('approval.')) continue;
    if (before.phase === 'approved') return 'once the decision is taken the dialog and its buttons are gone';
    if (type === 'approval.open' && before.phase !== 'closed') return 'the open dialog covers the buttons that open it';
    if (type !== 'approval.open' && before.phase === 'closed') return 'the dialog is closed: its field and buttons are not on the page';
    if ((type === 'approval.change' || type === 'approval.submit') && before.phase === 'sending') return 'while sending, the field and the button are disabled';
  }
  return null;
}

const dialogOf = (page: Page) => page.getByRole('dialog');
const nameField = (page: Page) => dialogOf(page).getByLabel(TEXTS.yourName);
const submitOf = (page: Page) => dialogOf(page).getByRole('button', { name: new RegExp(`^(${TEXTS.approve}|${TEXTS.askForChanges})$`) });

/** The refusal the model's error stands for, as the server would answer it. */
async function answerWith(screen: ApprovalScreen, error: { status?: number; code?: string }) {
  const route = await screen.decisions.next();
  if (error.status === undefined) return route.abort('failed'); // no answer: the network dropped
  return refuse(route, error.status, error.code);
}

export const approvalScreen: ScreenDriver<ApprovalScreen, ApprovalExpected> = {
  model: approvalModel,
  unplayable,
  answers: 'held',
  async open(page, _, path) {
    const account = await ownerAccount();
    const link = await waitingLink(account);
    const screen: ApprovalScreen = { ...account, ...link, decisions: new HeldRequests('the decision') };
    await page.goto(`/s/${link.accessKey}`);
    if (path.steps.some((s) => s.event.type === 'xstate.done.actor.askForChanges')) {
      // The client's note on this revision (the same browser, so the same guest), which the server
      // needs to take a request for changes. Guests write 10 notes a minute from one address: a
      // refusal for that is asked again until taken.
      const write = () => page.request.post(`/api/v1/projects/accessKeys/${link.accessKey}/comments`, { data: { authorName: 'Gina Guest', text: 'Lower the wall cabinets by 50 mm.' } });
      await expect.poll(async () => (await write()).ok(), { message: 'the client wrote a note', timeout: 75_000, intervals: [5_000] }).toBe(true);
    }
    const decisions = new Set([`/api/v1/projects/accessKeys/${link.accessKey}/approval`, `/api/v1/projects/accessKeys/${link.accessKey}/changes`]);
    await page.route((url) => decisions.has(url.pathname), screen.decisions.hold);
    await expect(page.getByRole('button', { name: TEXTS.approve, exact: true })).toBeVisible({ timeout: 60_000 });
    return screen;
  },
  user: {
    'approval.open': (page, _, e) => page.getByRole('button', { name: (e as { kind?: string }).kind === 'changes' ? TEXTS.askForChanges : TEXTS.approve, exact: true }).click(),
    'approval.change': (page, _, e) => nameField(page).fill((e as unknown as { name: string }).name),
    async 'approval.submit'(page) {
      // Approve stays off for a name it does not take: Enter in the field is all a user can try.
      if (await submitOf(page).isEnabled()) await submitOf(page).click();
      else await nameField(page).press('Enter');
    },
    'approval.cancel': (page) => dialogOf(page).getByRole('button', { name: 'Cancel' }).click(),
  },
  server: {
    'xstate.done.actor.approve': async (_, screen) => (await screen.decisions.next()).continue(),
    'xstate.done.actor.askForChanges': async (_, screen) => (await screen.decisions.next()).continue(),
    'xstate.error.actor.approve': (_, screen, e) => answerWith(screen, (e as unknown as { error: { status?: number; code?: string } }).error),
    'xstate.error.actor.askForChanges': (_, screen, e) => answerWith(screen, (e as unknown as { error: { status?: number; code?: string } }).error),
  },
  async expect(page, screen, e, where) {
    const open = e.phase === 'open' || e.phase === 'sending';
    await expect(dialogOf(page), where).toHaveCount(open ? 1 : 0);
    if (open) {
      await expect(dialogOf(page).getByRole('heading', { name: TEXTS.titles[e.kind] }), where).toBeVisible();
      await expect(nameField(page), where).toHaveValue(e.name);
      await expect(nameField(page), where).toBeEnabled({ enabled: e.phase === 'open' });
      const trimmed = e.name.trim();
      const nameProblem = trimmed.length > 60 ? TEXTS.tooLong : FORBIDDEN.test(trimmed) ? TEXTS.invalidCharacters : null;
      const message = e.reason ? TEXTS.failures[e.reason] : nameProblem;
      if (message) await expect(dialogOf(page).getByRole('alert'), where).toHaveText(message);
      else await expect(dialogOf(page).getByRole('alert'), where).toHaveCount(0);
      // Approve takes a name of 1 to 60 characters, again after a refusal only where sending again can help.
      const takes = e.phase === 'open' && trimmed.length >= 1 && nameProblem === null && (e.reason === null || e.reason === 'other');
      await expect(submitOf(page), where).toBeEnabled({ enabled: takes });
      await expect(dialogOf(page).getByText(TEXTS.sending[e.kind]), where).toBeVisible({ visible: e.phase === 'sending' });
    }
    // The buttons that open it while the link waits for a decision (the open dialog hides them); none once taken.
    if (e.phase === 'closed') await expect(page.getByRole('button', { name: TEXTS.askForChanges, exact: true }), where).toBeVisible();
    if (e.phase === 'approved') await expect(page.getByRole('button', { name: new RegExp(`^(${TEXTS.approve}|${TEXTS.askForChanges})$`) }), where).toHaveCount(0);
    if (e.phase === 'approved' && e.kind === 'approve') {
      await expect(page.getByRole('status').filter({ hasText: new RegExp(`^Approved by ${e.name.trim()} on `) }), where).toBeVisible();
    }
    await expect.poll(() => screen.decisions.sent, { message: `${where}: decisions sent` }).toBe(e.calls.length + e.changeCalls.length);
    // The server holds the decision taken, with the name trimmed.
    const held = await api<Array<{ kind: string; name: string }>>(e2eServer, `projects/${screen.projectId}/decisions`, screen.token);
    const taken = e.phase === 'approved' ? [{ kind: e.kind === 'changes' ? 'changesRequested' : 'approved', name: e.name.trim() }] : [];
    expect(held.map(({ kind, name }) => ({ kind, name })), `${where}: the decisions the server holds`).toEqual(taken);
  },
};
