import { expect, test } from '@playwright/test';
import { admin, uniqueUser } from './admin';

test.describe('sign-in', () => {
  test('the demo user logs in, sees the list and logs out', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password', { exact: true }).fill('demo-password-e2e');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    // The session survives a reload (the token is stored locally).
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a user made with the admin command logs in; a wrong password shows the message, which clears on typing', async ({ page }) => {
    const username = uniqueUser('cli');
    await admin('user', 'add', username, '--password', 'correct horse', '--name', 'Cli User');
    await admin('plan', 'add', username, '--sku', 'PRO', '--name', 'Pro', '--credits', '5', '--updates-per-credit', '3', '--days', '30');
    await page.goto('/login');
    await page.getByLabel('Email').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Incorrect username or password.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await expect(page.getByText('Incorrect username or password.')).toBeHidden();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a user without an active subscription sees the message and the Select a plan link', async ({ page }) => {
    const username = uniqueUser('noplan');
    await admin('user', 'add', username, '--password', 'secret-pass');
    await page.goto('/login');
    await page.getByLabel('Email').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('An active subscription is required.')).toBeVisible();
    const link = page.getByRole('link', { name: 'Select a plan' });
    await expect(link).toBeVisible();
    expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
  });

  test('the password toggle shows and hides it; the language toggle switches to French and back', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByText('2025-10-24-1')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('/fr sets French when logged out; unknown paths go to /', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login$/);
  });
});
