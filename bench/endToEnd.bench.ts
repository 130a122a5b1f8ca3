/**
 * End to end: the real server (server/main.ts on a free port, a fresh DATA_DIR, the built app)
 * and the built app in headless Chromium. The demo user logs in, chooses a generated 2,000-part
 * STEP through the add tile's file chooser, and the clock runs until the model's first frame;
 * then the same project is opened again (its GLB already converted) to first frame.
 *
 * The measured path is the user's: file chosen -> upload socket -> conversion -> `result` -> the
 * app routes to /projects/{id} -> the owner viewer draws the model (its layout marks the moment
 * as the `model-first-frame` performance entry and `data-model-shown`).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { generateAssembly } from '../samples/generate';
import { writeSample } from '../samples/writers/index';
import { api, BENCH_PASSWORD as PASSWORD, BENCH_USER as USER, startServer, waitDemoProject, type RunningServer } from './lib/appServer';
import { ensureBenchBuild } from './lib/appBuild';
import { launchChromium } from './lib/browser';
import { keepRequestsLocal, type RoutingLog } from './lib/browserPages';
import type { Bench, Row } from './lib/types';

const VIEWPORT = { width: 800, height: 500 };

async function logIn(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(USER);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Add a project' }).waitFor({ timeout: 30_000 });
}

/** The moment the app's viewer shows the model's first frame (the viewer layout marks it). */
async function waitModelShown(page: Page): Promise<void> {
  await page.locator('[data-model-shown="true"]').waitFor({ state: 'attached', timeout: 600_000 });
}

/** Navigation to the app's /projects/{id} -> the model's first frame, in a new page of `context` (logged in there). */
async function appFirstFrame(context: BrowserContext, server: RunningServer, projectId: number): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/projects/${projectId}`, { waitUntil: 'commit' });
    await waitModelShown(page);
    return await page.evaluate(() => performance.getEntriesByName('model-first-frame')[0]?.startTime ?? Number.NaN);
  } finally {
    await page.close();
  }
}

const bench: Bench = {
  name: 'endToEnd',
  description: 'a generated STEP (200 parts; 2,000 with BENCH_LARGE=1) from file chosen to first frame through the real server and the built app; reopening it',
  async run({ smoke, repeats, log }) {
    const staticDir = ensureBenchBuild(log);
    // The 2,000-part STEP needs minutes of OpenCascade on 2 cores: BENCH_LARGE=1 runs it, the default run a 200-part one.
    const parts = smoke ? 10 : process.env.BENCH_LARGE === '1' ? 2000 : 200;
    const n = smoke ? 1 : Math.min(repeats, 2);
    const step = await writeSample(generateAssembly({ parts, seed: 1 }), 'step');
    const fileName = `kitchen-${parts}.stp`;
    const server = await startServer(staticDir);
    const browser = await launchChromium();
    const routing: RoutingLog = { servedLocally: [], aborted: [] };
    const rows: Record<string, Row> = {};
    const add = (label: string, key: string, value: number, versus?: string) => {
      rows[label] ??= { label, samples: {}, versus };
      (rows[label].samples[key] ??= []).push(value);
    };
    try {
      const { accessToken } = await api<{ accessToken: string }>(server, 'auth/login', undefined, { username: USER, password: PASSWORD });
      await waitDemoProject(server, accessToken);
      log(`${fileName}: ${(step.byteLength / 2 ** 20).toFixed(1)} MB, ${n} runs`);
      for (let i = 0; i < n; i++) {
        const context = await browser.newContext({ viewport: VIEWPORT });
        await keepRequestsLocal(context, routing);
        const page = await context.newPage();
        try {
          await logIn(page, server);
          const chooser = page.waitForEvent('filechooser');
          await page.getByRole('button', { name: 'Add a project' }).click();
          const started = Date.now();
          await (await chooser).setFiles({ name: fileName, mimeType: 'application/step', buffer: Buffer.from(step) });
          await page.waitForURL(/\/projects\/\d+$/, { timeout: 600_000 });
          const converted = Date.now() - started;
          await waitModelShown(page);
          const total = Date.now() - started;
          const projectId = Number(/\/projects\/(\d+)$/.exec(page.url())![1]);
          // Reopen in the same browser: the immutable GLB is in the HTTP cache.
          const reopenCached = await appFirstFrame(context, server, projectId);
          // Reopen in a fresh browser (logged in again): the converted GLB comes from the server, no conversion.
          const fresh = await browser.newContext({ viewport: VIEWPORT });
          await keepRequestsLocal(fresh, routing);
          const login = await fresh.newPage();
          await logIn(login, server);
          await login.close();
          const reopenServer = await appFirstFrame(fresh, server, projectId);
          await fresh.close();
          log(`run ${i + 1}: converted in ${converted} ms, first frame after ${total} ms`);
          const label = 'upload: file chosen -> first frame';
          add('upload: file chosen -> /projects/{id} (upload + conversion)', 'ms', converted);
          add('upload: /projects/{id} -> first frame', 'ms', total - converted);
          add(label, 'ms', total);
          add('reopen: /projects/{id} -> first frame, GLB from the server', 'ms', reopenServer, label);
          add('reopen: /projects/{id} -> first frame, GLB from the browser cache', 'ms', reopenCached, label);
        } finally {
          await context.close();
        }
      }
    } finally {
      await browser.close();
      await server.stop();
    }
    return [
      {
        title: `End to end, ${parts}-part STEP (${(step.byteLength / 2 ** 20).toFixed(1)} MB), real server (1 conversion thread) + built app in Chromium`,
        reference: 'the first open: file chosen -> first frame',
        metrics: [{ key: 'ms', label: 'time', unit: 'ms', better: 'lower', digits: 0 }],
        rows: Object.values(rows),
        notes: [
          "Measured path: file chosen in the add tile's file chooser -> the app's upload socket -> conversion -> result -> the app routes to /projects/{id} -> the owner viewer shows the model's first frame.",
          'Reopen: navigation to /projects/{id} -> the model-first-frame mark (session refresh, project read, viewer and engine chunks, GLB, first frame).',
          `Requests: ${routing.aborted.length} external requests aborted.`,
        ],
      },
    ];
  },
};
export default bench;
