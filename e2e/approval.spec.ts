/**
 * Client approval as the owner and a client meet it: the owner publishes a kitchen with Client
 * approval on and moves it to Pending approval; a client opens the link in another browser,
 * approves with their name and sees the approved state; the owner reloads and sees who approved
 * which revision in the project panel and a mark on the card. The owner updates the model from the
 * card: asked first, they keep the approval, which the card then marks as given to revision 1
 * while revision 2 is current. Then a refusal: the client, on a
 * phone (the Approve button on screen, clear of every other control), is about to approve when the
 * owner moves the stage on, and is told so without losing the typed name.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { layoutProblems } from './layoutProblems';
import { daeFile } from './listHelpers';
import { ownKitchen } from './ownProject';

const DATE = String.raw`\d\d/\d\d/\d{4} \d{1,2}:\d\d [AP]M`;

async function modelShown(page: Page) {
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
}

/** Saved once the project's PATCH has answered. */
async function saved(page: Page, change: () => Promise<void>) {
  const patch = page.waitForResponse((res) => res.request().method() === 'PATCH' && /\/api\/v1\/projects\/\d+$/.test(res.url()));
  await change();
  expect((await patch).ok()).toBe(true);
}

async function setSwitch(page: Page, scope: Locator, name: string) {
  const control = scope.getByRole('switch', { name, exact: true });
  await expect(control).toBeEnabled();
  if ((await control.getAttribute('aria-checked')) !== 'true') await saved(page, () => control.click());
  await expect(control).toHaveAttribute('aria-checked', 'true');
}

async function chooseStage(page: Page, select: Locator, stage: string) {
  await select.click();
  await saved(page, () => page.getByRole('option', { name: stage, exact: true }).click());
  await expect(select).toHaveText(stage);
}

test('a client approves the revision through the link; the owner sees who approved it; a refusal keeps the name', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await ownKitchen(page, 'approval', 'Approval kitchen.dae', 'Olga Owner');
  await modelShown(page);
  const leftTools = page.getByRole('navigation', { name: 'Project toolbar' });
  const projectPanel = page.getByRole('region', { name: 'Project', exact: true }).first();

  const link = await test.step('the owner publishes with Client approval and sets Pending approval', async () => {
    await leftTools.getByRole('button', { name: 'Share', exact: true }).click();
    const share = page.getByRole('region', { name: 'Share', exact: true }).first();
    await setSwitch(page, share, 'Publish');
    await setSwitch(page, share, 'Client approval');
    await leftTools.getByRole('button', { name: 'Project', exact: true }).click();
    await chooseStage(page, projectPanel.getByRole('button', { name: /^Step / }), 'Pending approval');
    return projectPanel.getByLabel('Link to share').inputValue();
  });

  const client = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const guest = await client.newPage();
  await test.step('the client approves revision 1 with their name', async () => {
    await guest.goto(link);
    await modelShown(guest);
    // Over the model, clear of the other controls (the hierarchy opens by itself on this window).
    await expect(guest.getByRole('region', { name: 'Hierarchy', exact: true }).first()).toBeVisible();
    expect(await layoutProblems(guest)).toEqual([]);
    await guest.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = guest.getByRole('dialog', { name: 'Approve for production' });
    await expect(dialog).toContainText('You approve revision 1 of Approval kitchen for production.');
    await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
    await dialog.getByLabel('Your name').fill('Gina Guest');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(guest.getByRole('status').filter({ hasText: new RegExp(`^Approved by Gina Guest on ${DATE}$`) })).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    // The shared-project panel says it too, at the stage the approval moved the project to.
    await guest.getByRole('navigation', { name: 'Project toolbar' }).getByRole('button', { name: 'Shared project', exact: true }).click();
    const panel = guest.getByRole('region', { name: 'Shared project', exact: true }).first();
    await expect(panel).toContainText('Ready for production');
    await expect(panel).toContainText(new RegExp(`Approved by Gina Guest on ${DATE}`));
  });
  await client.close();

  await test.step('the owner reloads: who approved which revision, in the panel and on the card', async () => {
    await page.reload();
    await modelShown(page);
    await leftTools.getByRole('button', { name: 'Project', exact: true }).click();
    await expect(projectPanel.getByTestId('project-approval')).toHaveText(new RegExp(`^Approved by Gina Guest, ${DATE}, revision 1$`));
    await expect(projectPanel.getByRole('button', { name: /^Step / })).toHaveText('Ready for production');
    await page.goto('/');
    const card = page.getByRole('listitem').filter({ hasText: 'Approval kitchen' });
    const mark = card.getByTestId('approved-mark');
    await expect(mark).toHaveAttribute('title', 'Approved by Gina Guest');
    await expect(mark).toContainText('Approved');
  });

  const stageOnCard = page.getByRole('button', { name: 'Step of Approval kitchen' });
  await test.step('an update of the approved revision asks first; the owner keeps the approval, marked on the card', async () => {
    const card = page.getByRole('listitem').filter({ hasText: 'Approval kitchen' });
    await card.getByLabel('Choose a new model for Approval kitchen').setInputFiles(await daeFile('Approval kitchen v2.dae'));
    const ask = page.getByRole('alertdialog', { name: 'Revision 1 is approved' });
    await expect(ask).toContainText('Making revision 2 current asks them to approve again');
    await ask.getByRole('button', { name: 'Keep the approval' }).click();
    await expect(card.getByTestId('approved-mark')).toContainText('Approved rev. 1 · now 2', { timeout: 60_000 });
    await expect(stageOnCard).toHaveText('Ready for production');
  });

  await test.step('a refusal on a phone: the owner moves the stage on before the client sends', async () => {
    await chooseStage(page, stageOnCard, 'Pending approval');
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    const onPhone = await phone.newPage();
    await onPhone.goto(link);
    await modelShown(onPhone);
    const approve = onPhone.getByRole('button', { name: 'Approve', exact: true });
    await expect(approve).toBeInViewport({ ratio: 1 });
    expect(await layoutProblems(onPhone)).toEqual([]);
    await approve.tap();
    const dialog = onPhone.getByRole('dialog', { name: 'Approve for production' });
    await dialog.getByLabel('Your name').fill('Gina Guest');
    await chooseStage(page, stageOnCard, 'Production');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).tap();
    await expect(dialog.getByRole('alert')).toHaveText('This project is not waiting for approval any more.');
    await expect(dialog.getByLabel('Your name')).toHaveValue('Gina Guest');
    await phone.close();
  });
});
