/**
 * The labels machine's screen: the owner's QR labels page of "Dupont kitchen", a model uploaded
 * with the model's own tree (two cabinets, "Base cabinet 1" and "Tall & wide", under one root).
 * The page's read of the project is held until the path's answer: the server's own answer with the
 * project published or not as the answer says (set on the server first), or a 500; Try again reads
 * again. After each step the page shows what the oracle expects: preparing, the failure and its
 * Try again, "publish first", or the labels (each named, with its line of information, and its QR
 * code the one of the oracle's URL, on this server and this project's link), in the chosen format.
 */
import { expect, type Page } from '@playwright/test';
import { create } from 'qrcode';
import { api } from '../../bench/lib/appServer';
import type { Assembly, AssemblyNode } from '../../samples/assembly';
import { labelsModel, type LabelsExpected } from '../../tests/models/labels';
import { ownerWithProject, type OwnerWithProject } from './listScreen';
import { HeldRequests, refuse } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

const NAME = 'Dupont kitchen';
const TEXTS = {
  format: 'Label format',
  a4: 'A4 sheet, 3 x 7 labels (63.5 x 38.1 mm)',
  roll: 'Label roll, 62 x 100 mm',
  loading: 'Preparing the labels…',
  notPublished: 'Labels open the shared link: publish the project first.',
  failed: 'The labels could not be prepared.',
};
/** Where the model's labels lead: its origin and access key, replaced by this server's and this project's. */
const MODEL_LINK = 'https://example.com/s/Abc123';

interface Label {
  name: string;
  info: string;
  url: string;
}

type LabelsScreen = OwnerWithProject & { reads: HeldRequests };

const panel = (name: string, size: [number, number, number], x: number): AssemblyNode => ({
  name,
  box: { size, origin: [x, 0, 0] },
  material: 'white',
  children: [],
});
/** The model's kitchen (tests/models/labels.ts), as a file the server converts. */
const kitchen: Assembly = {
  name: 'Kitchen',
  partCount: 2,
  materials: { white: [0.9, 0.9, 0.9] },
  root: {
    name: 'Kitchen+1x1x1mm|Seed 1',
    children: [
      { name: 'Base cabinet 1+720x560x600mm|Kitchen run A', offset: [0, 0, 0], children: [panel('Left side+720x18x560mm|Melamine white 18', [18, 720, 560], 0)] },
      { name: 'Tall & wide+2100x600x600mm|Kitchen run B', offset: [700, 0, 0], children: [panel('Left side+2100x18x600mm|Melamine white 18', [18, 2100, 600], 0)] },
    ],
  },
};

/** The QR code's modules for `text`, as the page draws them (the same library, quiet zone of 4). */
function qrPath(text: string): string {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row++) for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
  return d;
}

/** The server's answer with the project published or not. */
const answerWith = (published: boolean) => async (_: Page, screen: LabelsScreen) => {
  await api(screen.server, `projects/${screen.projectId}`, screen.token, { isPublished: published }, 'PATCH');
  await (await screen.reads.next()).continue();
};

/** The format is chosen above the labels: the page offers it once they are ready. */
function unplayable(path: ScreenPath<LabelsExpected>): string | null {
  for (const { event, before } of statesBefore(labelsModel, path)) {
    if (event.type === 'labels.format' && before.value !== 'ready') return 'the format shows with the labels, once they are ready';
  }
  return null;
}

export const labelsScreen: ScreenDriver<LabelsScreen, LabelsExpected> = {
  model: labelsModel,
  answers: 'held',
  unplayable,
  async open(page) {
    const owner = await ownerWithProject(page, 'labels', NAME, kitchen);
    const screen: LabelsScreen = { ...owner, reads: new HeldRequests('its read of the project') };
    await page.route(
      (url) => url.pathname === `/api/v1/projects/${owner.projectId}`,
      (route, request) => (request.method() === 'GET' ? screen.reads.hold(route) : route.fallback()),
    );
    await page.goto(`/projects/${owner.projectId}/labels`);
    return screen;
  },
  user: {
    'labels.format': (page, _, e) => page.getByRole('radio', { name: TEXTS[(e as unknown as { format: 'a4' | 'roll' }).format], exact: true }).click(),
    'labels.retry': (page) => page.getByRole('alert').getByRole('button').click(),
  },
  server: {
    'xstate.done.actor.loadLabels': (page, screen, e) => answerWith((e as unknown as { output: { project: { isPublished: boolean } } }).output.project.isPublished)(page, screen),
    'xstate.error.actor.loadLabels': async (_, screen) => refuse(await screen.reads.next()),
  },
  async expect(page, screen, e, where) {
    await expect(page.getByText(TEXTS.loading), where).toBeVisible({ visible: e.value === 'loading' });
    await expect(page.getByText(TEXTS.notPublished), where).toBeVisible({ visible: e.value === 'unpublished' });
    await expect(page.getByRole('alert').filter({ hasText: TEXTS.failed }), where).toHaveCount(e.value === 'failed' ? 1 : 0);
    const labels = page.getByTestId('qr-label');
    await expect(labels, where).toHaveCount(e.labels.length);
    const link = `${new URL(page.url()).origin}/s/${screen.accessKey}`;
    for (const [i, label] of e.labels.entries()) {
      const card = labels.nth(i);
      const title = label.name || NAME;
      await expect(card, where).toHaveAttribute('aria-label', title);
      // A cabinet's line: its information and the project's name; the project's: "Whole project".
      await expect(card, where).toContainText(label.name ? `${label.info} · ${NAME}` : 'Whole project');
      const url = label.url.replace(MODEL_LINK, link);
      await expect(card.getByTestId('qr-code').locator('path'), `${where}: the QR code of ${url}`).toHaveAttribute('d', qrPath(url));
    }
    if (e.value === 'ready') {
      await expect(page.getByRole('radio', { name: TEXTS[e.format], exact: true }), where).toHaveAttribute('aria-checked', 'true');
    }
    // The reads the page asked for: one at the start, one per Try again.
    await expect.poll(() => screen.reads.sent, { message: `${where}: reads of the project` }).toBe(e.reads);
  },
};
