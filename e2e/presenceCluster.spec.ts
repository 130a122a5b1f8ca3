/**
 * Presenting live across two API processes on PostgreSQL (the built server, as `npm start` runs
 * it): the owner's viewer on one process presents, the client's link on the other follows the
 * owner's mouse orbit; the client's process restarts, the page connects again and follows again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { POSTGRES_URL, postgresReachable } from '../tests/server/helpers/databases';
import { logIn } from './listHelpers';
import { modelShown, orbit, sameView } from './presenceHelpers';

const DEMO = { username: 'demo@example.com', password: 'demo-password-cluster' };
const reachable = await postgresReachable();

interface Api {
  url: string;
  child: ChildProcess;
}

test.describe('two API processes', () => {
  test.skip(!reachable, 'PostgreSQL is not reachable');
  const schema = `e2e_presence_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cv-presence-cluster-'));
  const secret = randomBytes(24).toString('hex');
  const processes: Api[] = [];

  async function startApi(port: number): Promise<Api> {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
      env: {
        ...process.env,
        DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
        DATA_DIR: dataDir,
        STATIC_DIR: 'dist',
        PORT: String(port),
        HOST: '127.0.0.1',
        TOKEN_SECRET: secret,
        DEMO_USERNAME: DEMO.username,
        DEMO_PASSWORD: DEMO.password,
        CONVERT_THREADS: '1',
        CONVERT_PART_THREADS: '1',
        LOG_LEVEL: 'warn',
        SHARE_RATE_LIMIT: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${url}/config.json`).catch(() => null))?.ok ?? false, { timeout: 120_000, intervals: [250] })
      .toBe(true);
    return { url, child };
  }

  const stopApi = async (api: Api) => {
    const exited = new Promise((resolve) => api.child.once('exit', resolve));
    api.child.kill('SIGTERM');
    await exited;
  };

  test.afterAll(async () => {
    for (const api of processes) if (api.child.exitCode === null) api.child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the owner on one process presents; the client on the other follows, through a restart of its process', async ({ browser }) => {
    test.setTimeout(300_000);
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const ports = [8190 + Math.floor(Math.random() * 400), 8600 + Math.floor(Math.random() * 400)];
    // The first process makes the demo account and its sample project; the second comes once it is there.
    processes.push(await startApi(ports[0]));
    const login = (await (await fetch(`${processes[0].url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) })).json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${login.accessToken}` };
    let project: { id: number; accessKey: string } | undefined;
    await expect
      .poll(async () => {
        project = ((await (await fetch(`${processes[0].url}/api/v1/projects`, { headers: auth })).json()) as Array<{ id: number; accessKey: string }>)[0];
        return project !== undefined;
      }, { timeout: 120_000 })
      .toBe(true);
    await fetch(`${processes[0].url}/api/v1/projects/${project!.id}`, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ isPublished: true }) });
    processes.push(await startApi(ports[1]));

    const ownerContext = await browser.newContext({ baseURL: processes[0].url, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const owner = await ownerContext.newPage();
    await logIn(owner, DEMO.username, DEMO.password);
    await owner.goto(`/projects/${project!.id}`);
    await modelShown(owner);
    const guestContext = await browser.newContext({ baseURL: processes[1].url, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const guest = await guestContext.newPage();
    await guest.goto(`/s/${project!.accessKey}`);
    await modelShown(guest);
    const ownerBar = owner.getByRole('region', { name: 'Who is here' });
    const guestBar = guest.getByRole('region', { name: 'Who is here' });
    await expect(ownerBar.getByTestId('presence-count')).toHaveText(/2 here/, { timeout: 15_000 });

    await ownerBar.getByRole('button', { name: 'Present', exact: true }).click();
    await expect(guestBar.getByText(/^Following /)).toBeVisible();
    await orbit(owner, 200, -20);
    await expect.poll(() => sameView(owner, guest), { timeout: 10_000 }).toBe(true);

    // The client's process restarts: the page connects again and follows again.
    await stopApi(processes[1]);
    await expect(ownerBar.getByTestId('presence-count')).toHaveText(/1 here/, { timeout: 20_000 });
    processes[1] = await startApi(ports[1]);
    await expect(ownerBar.getByTestId('presence-count')).toHaveText(/2 here/, { timeout: 30_000 });
    await expect(guestBar.getByText(/^Following /)).toBeVisible({ timeout: 15_000 });
    await orbit(owner, -160, -20);
    await expect.poll(() => sameView(owner, guest), { timeout: 10_000 }).toBe(true);
    await guestContext.close();
    await ownerContext.close();
  });
});
