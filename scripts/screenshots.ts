/**
 * Refreshes the pictures of the project list and its dialogs under docs/screens/: starts the real
 * server on a temporary data folder with the built app (STATIC_DIR, default dist/; built when
 * missing), creates a few projects from generated models, logs in with Chromium and photographs
 * the list (desktop, phone, French) and each dialog and panel, and the viewer on a phone and a
 * portrait tablet (touch), owner and guest, English and French, with and without a sheet open.
 *
 *   npx tsx scripts/screenshots.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { WebSocket as NodeWebSocket } from 'ws';
import { addTile, brokenStepFile, chooseFile, EN, FR, jobStepFile, logIn, stepFile, type Texts } from '../e2e/listHelpers';
import { CHROMIUM_ARGS } from '../playwright.config';
import { API_BASE } from '../server/config';
import type { Stage } from '../src/api/schemas';
import { openUploadSocket, socketUrl } from '../src/api/uploadSocket';
import { approvalShots, explodedShots, newPage, revisionShots } from './revisionScreens';
import { notesFailedShots, reviewShots, reviewStoryShots } from './reviewScreens';
import { updateProject } from '../bench/lib/appServer';
import { generateAssembly } from '../samples/generate';
import { writeSample } from '../samples/writers/index';
import { workshopShots } from './workshopScreens';
import { machiningShots } from './machiningScreens';
import { quoteShots } from './quoteScreens';
import { presenceShots } from './presenceScreens';

const OUT = 'docs/screens';
const DEMO = { username: 'demo@example.com', password: 'demo-password-screens' };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };

const MODES: Record<'en' | 'fr', Array<[label: string, slug: string]>> = {
  en: [['Solid', 'solid'], ['X-ray', 'xray'], ['Illustration', 'illustration'], ['Wireframe', 'wireframe']],
  fr: [['Solide', 'solid'], ['Rayons X', 'xray'], ['Illustration', 'illustration'], ['Filaire', 'wireframe']],
};

/** A page of the viewer at `url` in a fresh context, logged in first when `login` is given, once its model shows. */
async function openViewer(browser: Browser, origin: string, url: string, viewport: { width: number; height: number }, french: boolean, touch: boolean, login?: { username: string; password: string }) {
  const { context, page } = await newPage(browser, origin, viewport, french, login, touch);
  await page.goto(url);
  await page.locator('[data-model-shown="true"]').waitFor({ timeout: 60_000 });
  return { context, page };
}

/**
 * The desktop viewer of a project in each render mode it offers: `viewer-<role>[-fr]-<mode>.png`,
 * and `viewer-<role>[-fr].png` with the hierarchy open.
 */
async function desktopViewerShots(browser: Browser, origin: string, url: string, role: string, french: boolean, login?: { username: string; password: string }) {
  const { context, page } = await openViewer(browser, origin, url, DESKTOP, french, false, login);
  const base = `viewer-${role}${french ? '-fr' : ''}`;
  await shot(page, base);
  const tools = page.getByRole('navigation', { name: french ? 'Outils' : 'Tools', exact: true });
  const renderMode = french ? 'Mode de rendu' : 'Render mode';
  await tools.getByRole('button', { name: renderMode }).click();
  const panel = page.getByRole('region', { name: renderMode }).first();
  for (const [label, slug] of MODES[french ? 'fr' : 'en']) {
    const radio = panel.getByRole('radio', { name: label });
    if ((await radio.count()) === 0) continue;
    await radio.click();
    await shot(page, `${base}-${slug}`);
  }
  await context.close();
}

/**
 * The viewer of a project on a touch device: `viewer-<device>-<role>[-fr].png`, and with the
 * hierarchy sheet open `viewer-<device>-<role>[-fr]-tree.png`.
 */
async function compactViewerShots(browser: Browser, origin: string, url: string, name: string, french: boolean, login?: { username: string; password: string }) {
  for (const [device, viewport] of [['phone', PHONE], ['tablet', TABLET]] as const) {
    const { context, page } = await openViewer(browser, origin, url, viewport, french, true, login);
    const base = `viewer-${device}-${name}${french ? '-fr' : ''}`;
    await shot(page, base);
    const tools = page.getByRole('navigation', { name: french ? 'Outils' : 'Tools', exact: true });
    await tools.getByRole('button', { name: french ? 'Arborescence' : 'Hierarchy', exact: true }).click();
    await page.getByRole('region', { name: french ? 'Arborescence' : 'Hierarchy', exact: true }).first().waitFor();
    await shot(page, `${base}-tree`);
    await context.close();
  }
}

/**
 * A link on a phone while the viewer is still on its way (the engine chunk held back): the page's
 * own first frame with the loading card under it, `viewer-phone-guest[-fr]-first-frame.png`.
 */
async function firstFrameShot(browser: Browser, origin: string, url: string, french: boolean) {
  const { context, page } = await newPage(browser, origin, PHONE, french, undefined, true);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/engine-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('link-first-frame').length > 0, undefined, { timeout: 60_000 });
  await page.getByRole('status', { name: french ? 'Chargement' : 'Loading' }).waitFor({ timeout: 60_000 });
  await shot(page, `viewer-phone-guest${french ? '-fr' : ''}-first-frame`);
  release();
  await context.close();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function api<T>(origin: string, route: string, init: { method?: string; token?: string; json?: unknown } = {}): Promise<T> {
  const response = await fetch(`${origin}${API_BASE}/${route}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${response.status}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Creates a project through the upload socket, as the app does; returns its id. */
async function createProject(origin: string, token: string, name: string, parts: number, seed: number, file?: Uint8Array): Promise<number> {
  const { secureToken } = await api<{ secureToken: string }>(origin, 'auth/secure-token', { token });
  file ??= new Uint8Array(readFileSync(await stepFile(`${name}.stp`, parts, seed)));
  return new Promise((resolve, reject) => {
    openUploadSocket(
      socketUrl(API_BASE, 'projects/create', origin),
      { kind: 'create', secureToken, projectName: name, fileName: `${name}.stp`, file },
      {
        onUploadProgress: () => {},
        onMessage(message) {
          if (message.type === 'result') resolve(message.project.id);
          if (message.type === 'error') reject(new Error(message.message));
        },
        onFailure: (message) => reject(new Error(message)),
      },
      NodeWebSocket as unknown as typeof WebSocket,
    );
  });
}

/** A project from a generated drilled job (samples/realJob) of `cabinets` cabinets. */
async function createJobProject(origin: string, token: string, name: string, cabinets: number, seed: number): Promise<number> {
  return createProject(origin, token, name, 0, seed, new Uint8Array(readFileSync(jobStepFile(`${name}.stp`, cabinets, seed))));
}

async function shot(page: Page, name: string): Promise<void> {
  // Let transitions and fonts settle.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`${OUT}/${name}.png`);
}

async function listPage(browser: Browser, origin: string, user: { username: string; password: string }, viewport = DESKTOP, texts: Texts = EN, french = false) {
  const context = await browser.newContext({ baseURL: origin, viewport, locale: french ? 'fr-FR' : 'en-US' });
  const page = await context.newPage();
  await page.goto(french ? '/fr' : '/login');
  await page.getByRole('button', { name: texts.logIn }).waitFor();
  await page.waitForURL(/\/login$/);
  await logIn(page, user.username, user.password, texts);
  await page.getByRole('list').locator('li h2').first().waitFor();
  return { context, page };
}

async function main(): Promise<void> {
  const staticDir = process.env.STATIC_DIR ?? 'dist';
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    execFileSync('npx', ['vite', 'build', '--outDir', staticDir, '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  mkdirSync(OUT, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'screens-data-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir, DEMO_USERNAME: DEMO.username, DEMO_PASSWORD: DEMO.password, LOG_LEVEL: 'warn' };
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const admin = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], { env, encoding: 'utf8' });
  let browser: Browser | undefined;
  try {
    await waitFor(`${origin}/config.json`, 120_000);
    const { accessToken } = await api<{ accessToken: string }>(origin, 'auth/login', { method: 'POST', json: { username: DEMO.username, password: DEMO.password } });
    const projects: Array<[string, Stage]> = [
      ['Dupont kitchen', 'production'],
      ['Bathroom vanity', 'approval'],
      ['Office shelving', 'ready'],
      ['Martin wardrobe', 'installation'],
      ['Laundry cabinets', 'finished'],
    ];
    for (const [index, [name, stage]] of projects.entries()) {
      const id = await createProject(origin, accessToken, name, 12, index + 11);
      await api(origin, `projects/${id}`, { method: 'PATCH', token: accessToken, json: { currentStage: stage } });
    }

    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

    // The review as one story: phone in French, the maker at a desk, a new revision, the approval (SCREENS=review takes these pictures only).
    const reviewStory = async (chromiumBrowser: Browser) => {
      const id = await createProject(origin, accessToken, 'Review kitchen', 40, 4);
      const [story] = (await api<Array<{ id: number; accessKey: string }>>(origin, 'projects', { token: accessToken })).filter((p) => p.id === id);
      await api(origin, `projects/${id}`, { method: 'PATCH', token: accessToken, json: { isPublished: true, currentStage: 'approval' } });
      await api(origin, `projects/${id}`, { method: 'PATCH', token: accessToken, json: { shareOptions: { isCommentsVisible: true, isApprovalAvailable: true } } });
      await reviewStoryShots(chromiumBrowser, origin, DEMO, story, shot, async () => {
        const bigger = await writeSample(generateAssembly({ parts: 80, seed: 4 }), 'dae');
        await updateProject({ url: origin, stop: async () => {} }, accessToken, id, 'kitchen.dae', bigger);
        await api(origin, `projects/${id}`, { method: 'PATCH', token: accessToken, json: { currentStage: 'approval' } });
      });
    };
    if (process.env.SCREENS === 'review') return await reviewStory(browser);

    // The client's quote: the link's Options panel, the owner's Quote tab, the PDF (SCREENS=quote takes these only).
    if (!process.env.SCREENS || process.env.SCREENS === 'quote') {
      const id = await createProject(origin, accessToken, 'Quote kitchen', 60, 4);
      await quoteShots(browser, origin, DEMO, accessToken, id, api, shot);
      await api(origin, `projects/${id}`, { method: 'DELETE', token: accessToken });
      if (process.env.SCREENS === 'quote') return;
    }

    // Presenting live: owner and client, desk and phone (SCREENS=presence takes these pictures only).
    if (!process.env.SCREENS || process.env.SCREENS === 'presence') {
      const id = await createProject(origin, accessToken, 'Presented kitchen', 40, 4);
      const [presented] = (await api<Array<{ id: number; accessKey: string }>>(origin, 'projects', { token: accessToken })).filter((p) => p.id === id);
      await api(origin, `projects/${id}`, { method: 'PATCH', token: accessToken, json: { isPublished: true } });
      await presenceShots(browser, origin, DEMO, presented, shot);
      await api(origin, `projects/${id}`, { method: 'DELETE', token: accessToken });
      if (process.env.SCREENS === 'presence') return;
    }

    // The owner's Comments panel when the notes cannot be read (SCREENS=notes takes these pictures only).
    if (!process.env.SCREENS || process.env.SCREENS === 'notes') {
      const id = await createProject(origin, accessToken, 'Noted kitchen', 30, 4);
      await notesFailedShots(browser, origin, DEMO, id, shot);
      await api(origin, `projects/${id}`, { method: 'DELETE', token: accessToken });
      if (process.env.SCREENS === 'notes') return;
    }

    // The machining of a drilled job (SCREENS=machining takes these pictures only).
    if (!process.env.SCREENS || process.env.SCREENS === 'machining') {
      const id = await createJobProject(origin, accessToken, 'Drilled kitchen', 4, 7);
      await machiningShots(browser, origin, DEMO, accessToken, id, api, shot);
      await api(origin, `projects/${id}`, { method: 'DELETE', token: accessToken });
      if (process.env.SCREENS === 'machining') return;
    }

    // The workshop page (SCREENS=workshop takes these pictures only).
    {
      const id = await createProject(origin, accessToken, 'Workshop kitchen', 200, 5);
      await workshopShots(browser, origin, DEMO, accessToken, id, api, shot);
      await api(origin, `projects/${id}`, { method: 'DELETE', token: accessToken });
      if (process.env.SCREENS === 'workshop') return;
    }

    // Logged out: the login screen.
    {
      const context = await browser.newContext({ baseURL: origin, viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await shot(page, 'dialog-login');
      await context.close();
    }

    // The list, desktop and phone, English and French.
    {
      const { context, page } = await listPage(browser, origin, DEMO);
      await shot(page, 'list-desktop-en');
      const first = 'Dupont kitchen';
      await page.getByRole('button', { name: `Actions for ${first}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      await page.getByRole('textbox', { name: 'Project name' }).fill('Dupont kitchen: island');
      await page.getByText('Invalid characters.').waitFor();
      await shot(page, 'dialog-rename');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: `Actions for ${first}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await shot(page, 'dialog-delete');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Open the user panel' }).click();
      await page.getByRole('button', { name: 'Customization' }).click();
      await page.getByRole('button', { name: 'Replace' }).waitFor();
      await shot(page, 'panel-user');
      await page.getByRole('button', { name: 'Manage subscription' }).click();
      await page.getByText('Demo plan').waitFor();
      await shot(page, 'dialog-subscriptions');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'About' }).click();
      await page.getByRole('dialog', { name: 'About' }).getByRole('heading').waitFor();
      await shot(page, 'panel-about');
      await page.keyboard.press('Escape');
      // The loading dialog while a whole job converts: its step, the parts read, the time left.
      await chooseFile(page, () => addTile(page).click(), jobStepFile('Apartment job.stp', 40, 3));
      await page.getByTestId('loading-time-left').waitFor({ timeout: 120_000 });
      await shot(page, 'dialog-loading');
      await page.waitForURL(/\/projects\/\d+$/, { timeout: 60_000 });
      await context.close();
    }
    {
      const { context, page } = await listPage(browser, origin, DEMO, PHONE);
      await shot(page, 'list-phone-en');
      await chooseFile(page, () => addTile(page).click(), jobStepFile('Apartment job phone.stp', 40, 6));
      await page.getByTestId('loading-time-left').waitFor({ timeout: 120_000 });
      await shot(page, 'dialog-loading-phone');
      await page.waitForURL(/\/projects\/\d+$/, { timeout: 120_000 });
      await context.close();
    }
    const french = `screens-fr-${Date.now().toString(36)}@example.com`;
    admin('user', 'add', french, '--password', 'screens-password', '--name', 'Claire Martin');
    admin('plan', 'add', french, '--sku', 'PRO', '--name', 'Pro', '--credits', '10');
    {
      const { accessToken: token } = await api<{ accessToken: string }>(origin, 'auth/login', { method: 'POST', json: { username: french, password: 'screens-password' } });
      const names: Array<[string, Stage]> = [['Cuisine Dupont', 'production'], ['Salle de bain', 'new'], ['Dressing Martin', 'approval']];
      for (const [index, [name, stage]] of names.entries()) {
        const id = await createProject(origin, token, name, 12, index + 21);
        await api(origin, `projects/${id}`, { method: 'PATCH', token, json: { currentStage: stage } });
      }
      const { context, page } = await listPage(browser, origin, { username: french, password: 'screens-password' }, DESKTOP, FR, true);
      await shot(page, 'list-desktop-fr');
      await chooseFile(page, () => addTile(page, 'Ajouter un projet').click(), jobStepFile('Chantier immeuble.stp', 40, 5));
      await page.getByTestId('loading-time-left').waitFor({ timeout: 120_000 });
      await shot(page, 'dialog-loading-fr');
      await page.waitForURL(/\/projects\/\d+$/, { timeout: 120_000 });
      await context.close();
    }

    // Credits: an update past the free allowance, then no credit left; and a model that fails.
    const credits = `screens-credits-${Date.now().toString(36)}@example.com`;
    admin('user', 'add', credits, '--password', 'screens-password', '--name', 'Paul Durand');
    admin('plan', 'add', credits, '--sku', 'PRO', '--name', 'Pro', '--credits', '2', '--updates-per-credit', '0');
    {
      const { accessToken: token } = await api<{ accessToken: string }>(origin, 'auth/login', { method: 'POST', json: { username: credits, password: 'screens-password' } });
      await createProject(origin, token, 'Reception desk', 12, 31);
      const { context, page } = await listPage(browser, origin, { username: credits, password: 'screens-password' });
      const update = await stepFile('Reception desk v2.stp', 12, 32);
      await page.getByRole('button', { name: 'Actions for Reception desk', exact: true }).click();
      await chooseFile(page, () => page.getByRole('menuitem', { name: 'Update' }).click(), update);
      await page.getByRole('button', { name: 'Continue' }).waitFor();
      await shot(page, 'dialog-confirm-credit');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('alertdialog', { name: 'Confirm credit usage' }).waitFor({ state: 'detached' });
      await page.getByRole('dialog', { name: 'Loading' }).waitFor({ state: 'detached', timeout: 60_000 });
      await page.getByRole('button', { name: 'Actions for Reception desk', exact: true }).click();
      await chooseFile(page, () => page.getByRole('menuitem', { name: 'Update' }).click(), update);
      await page.getByText('You have insufficient credits remaining in your subscription to proceed.').waitFor();
      await shot(page, 'dialog-insufficient-credits');
      await page.getByRole('button', { name: 'Close' }).click();
      await context.close();
    }
    {
      const { context, page } = await listPage(browser, origin, DEMO);
      await chooseFile(page, () => addTile(page).click(), brokenStepFile('Broken.stp'));
      await page.getByText('An error occured while loading your project.').waitFor({ timeout: 60_000 });
      await shot(page, 'dialog-load-error');
      await context.close();
    }
    // The viewer on touch devices: the French user's project as its owner, and the demo's sample
    // kitchen as a guest on its link, in English and French.
    {
      const { accessToken: token } = await api<{ accessToken: string }>(origin, 'auth/login', { method: 'POST', json: { username: DEMO.username, password: DEMO.password } });
      const list = await api<Array<{ id: number; name: string; accessKey: string }>>(origin, 'projects', { token });
      const sample = list.find((p) => p.name === 'Sample kitchen') ?? list[0];
      await api(origin, `projects/${sample.id}`, { method: 'PATCH', token, json: { isPublished: true } });
      await desktopViewerShots(browser, origin, `/projects/${sample.id}`, 'owner', false, DEMO);
      await desktopViewerShots(browser, origin, `/s/${sample.accessKey}`, 'guest', false);
      await desktopViewerShots(browser, origin, `/s/${sample.accessKey}`, 'guest', true);
      await desktopViewerShots(browser, origin, '/sandbox', 'sandbox', false);
      await explodedShots(browser, origin, `/s/${sample.accessKey}`, shot);
      await compactViewerShots(browser, origin, `/projects/${sample.id}`, 'owner', false, DEMO);
      await compactViewerShots(browser, origin, `/s/${sample.accessKey}`, 'guest', false);
      await compactViewerShots(browser, origin, `/s/${sample.accessKey}`, 'guest', true);
      await firstFrameShot(browser, origin, `/s/${sample.accessKey}`, false);
      await firstFrameShot(browser, origin, `/s/${sample.accessKey}`, true);
      const { accessToken: frToken } = await api<{ accessToken: string }>(origin, 'auth/login', { method: 'POST', json: { username: french, password: 'screens-password' } });
      const frProjects = await api<Array<{ id: number; name: string }>>(origin, 'projects', { token: frToken });
      const cuisine = frProjects.find((p) => p.name === 'Cuisine Dupont') ?? frProjects[0];
      await compactViewerShots(browser, origin, `/projects/${cuisine.id}`, 'owner', true, { username: french, password: 'screens-password' });
      await desktopViewerShots(browser, origin, `/projects/${cuisine.id}`, 'owner', true, { username: french, password: 'screens-password' });
    }
    // Revisions (compare, read-only) and client approval on the link.
    {
      await revisionShots(browser, origin, DEMO, shot);
      const list = await api<Array<{ id: number; name: string; accessKey: string; shareOptions: Record<string, boolean> }>>(origin, 'projects', { token: accessToken });
      const vanity = list.find((p) => p.name === 'Bathroom vanity') ?? list[0];
      await approvalShots(browser, origin, DEMO, vanity, shot, async () => {
        await api(origin, `projects/${vanity.id}`, { method: 'PATCH', token: accessToken, json: { isPublished: true, currentStage: 'approval' } });
        await api(origin, `projects/${vanity.id}`, { method: 'PATCH', token: accessToken, json: { shareOptions: { isApprovalAvailable: true } } });
      });
    }
    // The client's review: a pinned note with its markup, the owner's side, the phone in French.
    {
      const list = await api<Array<{ id: number; name: string; accessKey: string }>>(origin, 'projects', { token: accessToken });
      const sample = list.find((p) => p.name === 'Sample kitchen') ?? list[0];
      await reviewShots(browser, origin, DEMO, sample, shot, async () => {
        await api(origin, `projects/${sample.id}`, { method: 'PATCH', token: accessToken, json: { isPublished: true, shareOptions: { isCommentsVisible: true } } });
      });
    }
    await reviewStory(browser);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
