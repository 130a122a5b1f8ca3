/**
 * The presenter machine's screen: the presence bar of the owner's viewer, on a fresh account's
 * kitchen, its presence socket to the real server passed through the driver (which reads what the
 * page tells the server, and can drop the socket). Present and Stop presenting are the bar's
 * buttons; a changed view is the owner's camera put where the model's view has it; a pick is Point,
 * then a click on the model; a dropped socket is the driver closing it, and the page connecting
 * again. After each step the bar shows Present, or "You are presenting" with Stop presenting; and
 * the page told the server, in order, each start and stop, each view the model's camera took, and
 * each point.
 *
 * The first look of the watch, as presenting starts, sends the camera as the page opened it: that
 * view is the engine's own, not one of the model's, and is left out of what is compared (the model's
 * views are told by their camera's x, 1 or 2).
 */
import { expect, type Page, type WebSocketRoute } from '@playwright/test';
import type { PresentedView } from '../../src/api/presence';
import { presenterModel, type PresenterExpected } from '../../tests/models/presenter';
import { modelShown } from '../presenceHelpers';
import { ownerWithProject, type OwnerWithProject } from './listScreen';
import { relaySocket } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

const TEXTS = { region: 'Who is here', present: 'Present', presenting: 'You are presenting', stopPresenting: 'Stop presenting', point: 'Point' };
/** The x of the model's views' cameras (tests/helpers/presentedView.ts). */
const MODEL_XS = [1, 2];

interface PresenterScreen extends OwnerWithProject {
  socket: WebSocketRoute | null;
  /** The sockets the page opened (one more after each drop). */
  connections: number;
  /** What the page told the server, in the model's words. */
  told: string[];
}

/** A message the page sent, as the model words it (null: not the presenter's). */
function worded(message: { type: string; on?: boolean; view?: PresentedView; at?: number[] | null }): string | null {
  if (message.type === 'present') return `present ${message.on ? 'on' : 'off'}`;
  if (message.type === 'view') {
    const x = message.view!.camera.position[0];
    const model = MODEL_XS.find((m) => Math.abs(m - x) < 1e-3);
    return model === undefined ? null : `view ${model}`;
  }
  if (message.type === 'point') return 'point';
  return null;
}

/** What the page cannot play: a view, a pick or a dropped socket's presenting while not presenting (the model's watch runs only then; Point shows for a presenter). */
function unplayable(path: ScreenPath<PresenterExpected>): string | null {
  for (const { event, before } of statesBefore(presenterModel, path)) {
    if (event.type === 'presenter.stop' && before.value !== 'presenting') return 'Stop presenting shows only while presenting';
    if (event.type === 'presenter.start' && before.value === 'presenting') return 'Present shows only while not presenting';
    if (event.type === 'presenter.pick' && before.value !== 'presenting') return 'a point is made while presenting';
  }
  return null;
}

const bar = (page: Page) => page.getByRole('region', { name: TEXTS.region });

export const presenterScreen: ScreenDriver<PresenterScreen, PresenterExpected> = {
  model: presenterModel,
  unplayable,
  answers: 'held',
  async open(page) {
    const owner = await ownerWithProject(page, 'presenter', 'Presented kitchen');
    const screen: PresenterScreen = { ...owner, socket: null, connections: 0, told: [] };
    await relaySocket(page, `/api/v1/projects/${owner.projectId}/presence`, {
      opened(ws) {
        screen.socket = ws;
        screen.connections += 1;
      },
      fromPage(message) {
        const said = worded(JSON.parse(message));
        if (said) screen.told.push(said);
      },
    });
    await page.goto(`/projects/${owner.projectId}`);
    await modelShown(page);
    await expect(bar(page).getByRole('button', { name: TEXTS.present })).toBeVisible();
    return screen;
  },
  user: {
    'presenter.start': (page) => bar(page).getByRole('button', { name: TEXTS.present, exact: true }).click(),
    'presenter.stop': (page) => bar(page).getByRole('button', { name: TEXTS.stopPresenting }).click(),
    async 'presenter.view'(page, _, e) {
      const { camera } = (e as unknown as { view: PresentedView }).view;
      await page.evaluate((state) => window.viewerEngine!.setCameraState({ version: 1, ...state } as never, { animate: false }), camera);
    },
    async 'presenter.pick'(page) {
      await bar(page).getByRole('button', { name: TEXTS.point }).click();
      const box = (await page.locator('canvas[data-engine-ready="true"]').boundingBox())!;
      // The model's middle, where the camera looks.
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    },
  },
  server: {
    async 'presenter.reconnected'(page, screen) {
      const before = screen.connections;
      await screen.socket!.close({ code: 1012, reason: 'restart' });
      await expect.poll(() => screen.connections, { message: 'the page connected again' }).toBe(before + 1);
    },
  },
  async expect(page, screen, e, where) {
    const presenting = e.value === 'presenting';
    await expect(bar(page).getByText(TEXTS.presenting), where).toBeVisible({ visible: presenting });
    await expect(bar(page).getByRole('button', { name: TEXTS.stopPresenting }), where).toBeVisible({ visible: presenting });
    await expect(bar(page).getByRole('button', { name: TEXTS.present, exact: true }), where).toBeVisible({ visible: !presenting });
    const expected = e.sent.map((s) => (s.startsWith('point ') ? 'point' : s));
    await expect.poll(() => screen.told, { message: `${where}: what the server was told` }).toEqual(expected);
  },
};
