/**
 * The room AR machine's screen: "View in your room" in a client's Shared project panel, on a
 * headset's browser (its user agent, and WebXR saying immersive-ar is supported), on a published
 * kitchen (one per worker). The browser's answer to the session asked is held until the path's
 * answer; the only answer a browser without an AR runtime can give is a refusal. After each step
 * the panel shows the oracle's state: the button (disabled while starting), the page's layer saying
 * it starts, the refusal with its Close; and the browser was asked for as many sessions, each
 * for immersive-ar with the page's layer, after the link's AR file was read.
 */
import { expect, type Page } from '@playwright/test';
import { roomArModel, type RoomArExpected } from '../../tests/models/roomAr';
import { HEADSET_USER_AGENT, publishedKitchen } from '../linkHelpers';
import type { ScreenDriver, ScreenPath } from './screenPaths';

const TEXTS = { panel: 'Shared project', button: 'View in your room', starting: 'Starting augmented reality…', failed: 'Augmented reality could not start on this device.' };

interface RoomArScreen {
  accessKey: string;
  /** The link's AR files the page read. */
  glbReads: number;
}

interface Asked {
  mode: string;
  features: string[];
  overlay: string | null;
}

let link: Promise<string> | null = null;
const arLink = () => (link ??= publishedKitchen(10, 'Room kitchen').then((k) => k.accessKey));

/**
 * The session is never had here: Chromium has no AR runtime, and a made-up XR session would test
 * the made-up frames, not the engine's WebXR. So every path that has one is left to
 * e2e/viewInRoom.spec.ts and the machine's own paths.
 */
function unplayable(path: ScreenPath<RoomArExpected>): string | null {
  return path.steps.some((s) => s.event.type === 'xstate.done.actor.start') ? 'a session needs an AR runtime, which this browser has not' : null;
}

const panelOf = (page: Page) => page.getByRole('region', { name: TEXTS.panel, exact: true }).first();

/** The sessions asked of the browser's WebXR so far. */
const asked = (page: Page) => page.evaluate(() => (window as unknown as { sessionsAsked: Asked[] }).sessionsAsked);

export const roomArScreen: ScreenDriver<RoomArScreen, RoomArExpected> = {
  model: roomArModel,
  unplayable,
  offScreen: {
    transitions: ['starting xstate.done.actor.start#0', 'placing ar.place#0', 'placing ar.exit#0', 'placing xstate.done.actor.ended#0', 'placing xstate.error.actor.ended#0', 'leaving xstate.done.actor.exit#0', 'leaving xstate.error.actor.exit#0'],
    why: 'a session needs an AR runtime, which this browser has not (e2e/viewInRoom.spec.ts asks for one and is refused)',
  },
  answers: 'held',
  async open(page) {
    const accessKey = await arLink();
    // The headset's WebXR: immersive-ar supported; each session asked is kept, and answered when the path says.
    await page.addInitScript((userAgent) => {
      const sessions: Asked[] = [];
      const pending: Array<(error: Error) => void> = [];
      Object.defineProperty(window, 'sessionsAsked', { value: sessions });
      Object.defineProperty(window, 'refuseSession', { value: () => pending.shift()?.(new DOMException('No AR runtime', 'NotSupportedError')) });
      Object.defineProperty(navigator, 'userAgent', { get: () => userAgent });
      Object.defineProperty(navigator, 'xr', {
        value: {
          isSessionSupported: (mode: string) => Promise.resolve(mode === 'immersive-ar'),
          requestSession: (mode: string, init?: { optionalFeatures?: string[]; requiredFeatures?: string[]; domOverlay?: { root?: HTMLElement } }) => {
            sessions.push({ mode, features: [...(init?.requiredFeatures ?? []), ...(init?.optionalFeatures ?? [])], overlay: init?.domOverlay?.root?.dataset.testid ?? null });
            return new Promise((_, reject) => pending.push(reject));
          },
          addEventListener: () => {},
          removeEventListener: () => {},
        },
      });
    }, HEADSET_USER_AGENT);
    const screen: RoomArScreen = { accessKey, glbReads: 0 };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/v1/projects/accessKeys/${accessKey}/ar.glb`) screen.glbReads += 1;
    });
    await page.goto(`/s/${accessKey}`);
    await page.getByRole('navigation', { name: 'Project toolbar' }).getByRole('button', { name: TEXTS.panel, exact: true }).click();
    await expect(panelOf(page).getByRole('button', { name: TEXTS.button })).toBeVisible({ timeout: 30_000 });
    return screen;
  },
  user: {
    'ar.start': (page) => panelOf(page).getByRole('button', { name: TEXTS.button }).click(),
    'ar.dismiss': (page) => panelOf(page).getByRole('alert').getByRole('button', { name: 'Close' }).click(),
  },
  server: {
    async 'xstate.error.actor.start'(page) {
      const before = (await asked(page)).length;
      await expect.poll(async () => (await asked(page)).length, { message: 'the browser was asked for a session' }).toBeGreaterThanOrEqual(Math.max(1, before));
      await page.evaluate(() => (window as unknown as { refuseSession: () => void }).refuseSession());
    },
  },
  async expect(page, screen, e, where) {
    const panel = panelOf(page);
    await expect(panel.getByRole('button', { name: TEXTS.button }), where).toBeEnabled({ enabled: e.value === 'idle' || e.value === 'failed' });
    await expect(page.getByTestId('room-ar-overlay'), where).toBeVisible({ visible: e.value === 'starting' });
    if (e.value === 'starting') await expect(page.getByTestId('room-ar-overlay'), where).toContainText(TEXTS.starting);
    await expect(panel.getByRole('alert'), where).toHaveCount(e.value === 'failed' ? 1 : 0);
    if (e.value === 'failed') await expect(panel.getByRole('alert'), where).toContainText(TEXTS.failed);
    // Each start read the link's AR file and asked for an immersive-ar session with the page's layer over it.
    await expect.poll(() => asked(page), { message: `${where}: the sessions asked` }).toEqual(
      Array.from({ length: e.starts }, () => ({ mode: 'immersive-ar', features: expect.arrayContaining(['hit-test', 'dom-overlay', 'local-floor']), overlay: 'room-ar-overlay' })),
    );
    expect(screen.glbReads, `${where}: the AR files read`).toBe(e.starts);
  },
};
