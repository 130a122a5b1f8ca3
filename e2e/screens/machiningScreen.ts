/**
 * The machining machine's screens, on a drilled two-cabinet job converted from STEP (one per worker):
 * - read when wanted: the owner's viewer with a drilled "Left side" selected, its data sheet's
 *   Machining section (Show the drawing, its Drawing (PDF));
 * - read at once: the workshop's Machining tab (the machining files' zip).
 * The page's read of `machining.json` and its file downloads are held until the path's answer: the
 * server's own, or a 500. After each step the page shows what the oracle expects: the Show button,
 * reading, the failure and its Try again, the panel's drawing with its operations (or every panel
 * of the job in the tab), a failed download said; and it asked for as many reads and files.
 */
import { expect, type Page } from '@playwright/test';
import { api, uploadProject } from '../../bench/lib/appServer';
import type { MachiningList } from '../../src/model/machining/machiningList';
import { generateJob, jobToStep } from '../../samples/realJob/job';
import { machiningModel, type MachiningExpected } from '../../tests/models/machining';
import { e2eServer } from '../linkHelpers';
import { logIn } from '../listHelpers';
import { newAccount } from './accounts';
import { HeldRequests, refuse } from './requests';
import type { ScreenDriver } from './screenPaths';

const TEXTS = {
  show: 'Show the drawing',
  loading: 'Reading the machining…',
  failed: 'The machining could not be read.',
  saveFailed: 'The file could not be downloaded.',
  pdf: 'Drawing (PDF)',
  zip: 'Download the machining files (DXF, drilling CSV)',
};

interface Job {
  username: string;
  password: string;
  token: string;
  projectId: number;
  list: MachiningList;
  side: MachiningList['panels'][number];
  sideName: string;
}

interface MachiningScreen extends Job {
  eager: boolean;
  reads: HeldRequests;
  files: HeldRequests;
}

let job: Promise<Job> | null = null;
/** One drilled job per worker (the paths read it and download its files; nothing changes it). */
function drilledJob(): Promise<Job> {
  job ??= (async () => {
    const { username, password, token } = await newAccount('machining', { name: 'Machining Tester', sku: 'UNLIMITED' });
    const step = new TextEncoder().encode(jobToStep(generateJob({ cabinets: 2, seed: 8 }), { shared: true }));
    const project = await uploadProject(e2eServer, token, 'Drilled kitchen', 'job.stp', step);
    const list = await api<MachiningList>(e2eServer, `projects/${project.id}/machining.json`, token);
    const tree = await api<{ nodes: Record<string, { rawName: string }> }>(e2eServer, `projects/${project.id}/parts`, token);
    const side = list.panels.find((p) => p.name === 'Left side' && p.bores.length > 0)!;
    return { username, password, token, projectId: project.id, list, side, sideName: tree.nodes[side.node].rawName };
  })();
  return job;
}

const where = (page: Page, screen: MachiningScreen) => (screen.eager ? page.getByRole('main') : page.getByRole('region', { name: 'Part information' }));

export const machiningScreen: ScreenDriver<MachiningScreen, MachiningExpected> = {
  model: machiningModel,
  answers: 'held',
  async open(page, run) {
    const drilled = await drilledJob();
    const screen: MachiningScreen = { ...drilled, eager: run.includes('at once'), reads: new HeldRequests('its read of the machining'), files: new HeldRequests('a file asked for') };
    await logIn(page, drilled.username, drilled.password);
    const base = `/api/v1/projects/${drilled.projectId}/`;
    await page.route(
      (url) => url.pathname.startsWith(base) && (url.pathname.endsWith('/machining.json') || url.pathname.endsWith('/drawing.pdf') || url.pathname.endsWith('/machining.zip')),
      (route) => (route.request().url().includes('/machining.json') ? screen.reads : screen.files).hold(route),
    );
    if (screen.eager) {
      await page.goto(`/projects/${drilled.projectId}/workshop`);
      await page.getByRole('tab', { name: 'Machining' }).click();
    } else {
      await page.goto(`/projects/${drilled.projectId}?filter=${encodeURIComponent(drilled.side.cabinet)}&part=${encodeURIComponent(drilled.sideName)}`);
      await expect(page.getByRole('region', { name: 'Part information' })).toBeVisible({ timeout: 30_000 });
    }
    return screen;
  },
  user: {
    'machining.show': (page, screen) => where(page, screen).getByRole('button', { name: TEXTS.show }).click(),
    'machining.retry': (page, screen) => where(page, screen).getByRole('button', { name: 'Try again' }).click(),
    'machining.save': (page, screen) => where(page, screen).getByRole('button', { name: screen.eager ? TEXTS.zip : TEXTS.pdf }).click(),
  },
  server: {
    'xstate.done.actor.loadMachining': async (_, screen) => (await screen.reads.next()).continue(),
    'xstate.error.actor.loadMachining': async (_, screen) => refuse(await screen.reads.next()),
    'xstate.done.actor.saveMachiningFile': async (_, screen) => (await screen.files.next()).continue(),
    'xstate.error.actor.saveMachiningFile': async (_, screen) => refuse(await screen.files.next()),
  },
  async expect(page, screen, e, at) {
    const area = where(page, screen);
    const loaded = typeof e.value === 'object';
    await expect(area.getByRole('button', { name: TEXTS.show }), at).toBeVisible({ visible: e.value === 'idle' });
    await expect(area.getByText(TEXTS.loading), at).toBeVisible({ visible: e.value === 'loading' });
    await expect(area.getByText(TEXTS.failed), at).toBeVisible({ visible: e.value === 'failed' });
    if (loaded && screen.eager) {
      // Every panel of the job, as the server lists them.
      await expect(area.getByTestId('machining-row'), at).toHaveCount(screen.list.panels.length);
    } else if (loaded) {
      await expect(area.getByTestId('panel-drawing'), at).toHaveAttribute('aria-label', `Drawing of ${screen.side.name}`);
      await expect(area.getByTestId('panel-operation-counts'), at).toContainText('holes');
    }
    await expect(area.getByText(TEXTS.saveFailed), at).toBeVisible({ visible: e.saveFailed });
    await expect.poll(() => [screen.reads.sent, screen.files.sent], { message: `${at}: reads and files asked` }).toEqual([e.reads, e.saves]);
  },
};
