/**
 * The upload machine's generated paths through the real app (e2e/uploadPaths.ts): each path on a
 * fresh account whose credits make the real server give the path's answers, with real model files
 * (a generated STEP kitchen, or a file the converter refuses). Each user event is a click or a file
 * chosen on the list page; each server event is left to the server. Wherever the oracle expects a
 * state the page stays in (no dialog, the credit question, the missing-credits or the load-error
 * dialog), the page must show exactly that, and the server must hold the projects and revisions
 * the oracle's announced results say.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, uploadProject } from '../bench/lib/appServer';
import { generateAssembly } from '../samples/generate';
import { writeSample } from '../samples/writers/index';
import { admin, uniqueUser } from './admin';
import { e2eServer } from './linkHelpers';
import { addTile, brokenStepFile, chooseFile, logIn, stepFile } from './listHelpers';
import { describeStep } from './screens/screenPaths';
import { CONVERSION_FAILED, isStable, uiPathsToPlay, uploadUiPaths, type Account, type UiPath, type UiStep } from './uploadPaths';

const PASSWORD = 'upload-paths-password';
const SEED = 'Seed cabinet';
/** Credits and free updates per credit of each account. */
const PLANS: Record<Account, [number, number]> = { free: [5, 3], paying: [5, 0], broke: [1, 0], approved: [5, 3] };

interface Session {
  account: Account;
  token: string;
  seedId: number;
}

/** A fresh user on the account's plan, owning one project made through the upload socket (it takes a credit). */
async function freshAccount(account: Account): Promise<{ username: string } & Session> {
  const username = uniqueUser(`paths-${account}`);
  await admin('user', 'add', username, '--password', PASSWORD, '--name', 'Path Tester');
  await admin('plan', 'add', username, '--sku', 'PRO', '--name', 'Pro', '--credits', String(PLANS[account][0]), '--updates-per-credit', String(PLANS[account][1]));
  const { accessToken } = await api<{ accessToken: string }>(e2eServer, 'auth/login', undefined, { username, password: PASSWORD });
  const dae = await writeSample(generateAssembly({ parts: 10, seed: 3 }), 'dae');
  const seed = await uploadProject(e2eServer, accessToken, SEED, 'seed.dae', dae);
  if (account === 'approved') {
    // Shared for approval, and the client approves revision 1 through the link.
    await api(e2eServer, `projects/${seed.id}`, accessToken, { isPublished: true, currentStage: 'approval', shareOptions: { isApprovalAvailable: true } }, 'PATCH');
    await api(e2eServer, `projects/accessKeys/${seed.accessKey}/approval`, undefined, { name: 'Clara Client', revisionNumber: 1 });
  }
  return { account, username, token: accessToken, seedId: seed.id };
}

/** The file chosen at step `i`: one the converter refuses when the server's answer to it, before the next upload, is a conversion failure. */
async function fileFor(path: UiPath, i: number): Promise<string> {
  const next = path.steps.slice(i + 1).findIndex((s) => s.event.type === 'upload.create' || s.event.type === 'upload.update');
  const answers = path.steps.slice(i + 1, next < 0 ? undefined : i + 1 + next);
  const fails = answers.some((s) => s.event.type === 'socket.error' && s.event.message === CONVERSION_FAILED);
  return fails ? brokenStepFile('Broken kitchen.stp') : stepFile('Good kitchen.stp', 10, 2);
}

async function play(page: Page, path: UiPath, i: number): Promise<void> {
  const { event } = path.steps[i];
  switch (event.type) {
    case 'upload.create':
      return chooseFile(page, () => addTile(page).click(), await fileFor(path, i));
    case 'upload.update': {
      const file = await fileFor(path, i);
      await page.getByRole('button', { name: `Actions for ${SEED}`, exact: true }).click();
      return chooseFile(page, () => page.getByRole('menuitem', { name: 'Update' }).click(), file);
    }
    case 'upload.creditContinue':
      return page.getByRole('alertdialog', { name: 'Confirm credit usage' }).getByRole('button', { name: 'Continue' }).click();
    case 'upload.creditCancel':
      return page.getByRole('alertdialog', { name: 'Confirm credit usage' }).getByRole('button', { name: 'Cancel' }).click();
    case 'upload.dismiss':
      return page.getByRole('alertdialog', { name: 'Error' }).getByRole('button', { name: 'Close' }).click();
    case 'upload.approvalChosen': {
      const choice = (event as { keepApproval?: boolean }).keepApproval ? 'Keep the approval' : 'Ask for approval again';
      return page.getByRole('alertdialog', { name: 'Revision 1 is approved' }).getByRole('button', { name: choice }).click();
    }
    case 'upload.approvalCancel':
      return page.getByRole('alertdialog', { name: 'Revision 1 is approved' }).getByRole('button', { name: 'Cancel' }).click();
    default:
      // The server's own answers: the token, the result, its errors and questions, the model shown.
      return;
  }
}

/** The page and the server in the state the oracle expects (a state the page stays in). */
async function expectState(page: Page, session: Session, step: UiStep, where: string): Promise<void> {
  const e = step.expected;
  const loading = page.getByRole('dialog', { name: 'Loading' });
  const confirm = page.getByRole('alertdialog', { name: 'Confirm credit usage' });
  const error = page.getByRole('alertdialog', { name: 'Error' });
  const approval = page.getByRole('alertdialog', { name: 'Revision 1 is approved' });
  const value = JSON.stringify(e.value);
  if (e.value === 'confirmingApproval') {
    await expect(approval, where).toContainText('Making revision 2 current asks them to approve again', { timeout: 60_000 });
    await expect(confirm, where).toHaveCount(0);
  } else if (value.includes('confirmingCredit')) {
    await expect(confirm, where).toContainText('You used all free updates for this project. The current update will cost you a credit from you subscription.', { timeout: 60_000 });
    await expect(error, where).toHaveCount(0);
  } else if (e.value === 'insufficientCredits') {
    await expect(error, where).toContainText('You have insufficient credits remaining in your subscription to proceed.', { timeout: 60_000 });
    await expect(confirm, where).toHaveCount(0);
  } else if (e.value === 'failed') {
    await expect(error, where).toContainText('An error occurred while loading your project.', { timeout: 60_000 });
    await expect(confirm, where).toHaveCount(0);
  } else {
    // idle or done: no dialog left.
    await expect(loading, where).toHaveCount(0, { timeout: 60_000 });
    await expect(approval, where).toHaveCount(0);
    await expect(confirm, where).toHaveCount(0);
    await expect(error, where).toHaveCount(0);
  }
  if (e.value !== 'failed' && e.value !== 'insufficientCredits') await expect(loading, where).toHaveCount(0, { timeout: 60_000 });
  // A created project opens in its viewer with its model shown; everything else stays on the list.
  if (e.value === 'done' && e.kind === 'create') {
    await expect(page, where).toHaveURL(/\/projects\/\d+$/);
    await expect(page.locator('[data-model-shown="true"]'), where).toBeAttached({ timeout: 60_000 });
  } else await expect(page, where).toHaveURL(/\/$/);
  // The server holds what the oracle's announced results say: one project more per creation, one revision more per update.
  const created = e.announced.filter((a) => a.type === 'upload.created').length;
  const updated = e.announced.filter((a) => a.type === 'upload.updated').length;
  const projects = await api<unknown[]>(e2eServer, 'projects', session.token);
  expect(projects.length, `${where}: projects`).toBe(1 + created);
  const readSeed = () => api<{ revisionNumber: number; currentStage: string; approval: { revisionNumber: number } | null }>(e2eServer, `projects/${session.seedId}`, session.token);
  // The page may say done a moment before the read shows the new revision: read until it does (or the poll's time runs out).
  await expect.poll(async () => (await readSeed()).revisionNumber, { message: `${where}: the seed project's revision` }).toBe(1 + updated);
  const seed = await readSeed();
  if (session.account === 'approved') {
    // The approval rule: asked again, the project waits for approval again; kept, it stays approved. Either way the
    // approval still names revision 1, the one the client approved (docs/api.md).
    const asked = updated > 0 && !e.keepApproval;
    expect(seed.currentStage, `${where}: the stage`).toBe(asked ? 'approval' : 'ready');
    expect(seed.approval?.revisionNumber, `${where}: the approval`).toBe(1);
  }
}

// A failing path leaves its last screen and a trace in test-results/ (`npx playwright show-trace`);
// `npm run qa -- --path ID --ui --trace` keeps the trace of a passing one too.
test.use({ screenshot: 'only-on-failure', trace: process.env.QA_TRACE ? 'on' : 'retain-on-failure' });

test.describe('the upload machine\'s generated paths, played through the list page against the real server', () => {

  test('the paths cover a new project, an update, the credit question (Continue and Cancel), the approval question (ask again, keep, cancel), the refusals and a conversion failure', () => {
    const seen = new Set(uploadUiPaths.flatMap((p) => p.steps.map((s) => (s.event.message ? `${s.event.type} ${s.event.message}` : s.event.type))));
    for (const event of ['upload.create', 'upload.update', 'socket.confirmCredit', 'upload.creditContinue', 'upload.creditCancel', 'socket.result', `socket.error ${CONVERSION_FAILED}`, 'socket.error insufficient_credits', 'upload.dismiss', 'upload.approvalChosen', 'upload.approvalCancel']) {
      expect(seen, event).toContain(event);
    }
  });

  for (const path of uiPathsToPlay()) {
    test(`path ${path.id}, ${path.account} account: ${path.steps.filter((s) => s.event.type !== 'xstate.done.actor.secureToken').map(describeStep).join(', ')}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const account = await freshAccount(path.account);
      const context = await browser.newContext();
      const page = await context.newPage();
      await logIn(page, account.username, PASSWORD);
      await expect(page.getByRole('link', { name: `Open ${SEED}` })).toBeVisible();
      for (const [i, step] of path.steps.entries()) {
        await play(page, path, i);
        if (isStable(step.expected)) await expectState(page, account, step, `step ${i + 1}: ${describeStep(step)}`);
      }
      await context.close();
    });
  }
});
