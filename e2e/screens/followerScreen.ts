/**
 * The follower machine's screen: a client on a published kitchen's link (one per worker), its
 * presence socket to the real server passed through the driver. What other viewers do reaches the
 * page as the server relays it: Olga (named) or Paul (a guest without a name) presenting, or
 * nobody, is a `presence` list with them in it; their views are `view` messages with the model's
 * own views. The client's own gesture is an orbit of the model with the mouse; Stop following and
 * Follow again are the bar's buttons. After each step the bar shows whom the page follows, or
 * Follow again; the page told the server each time it started or stopped following; and while
 * following, the camera is at the presenter's latest view.
 */
import { expect, type Page, type WebSocketRoute } from '@playwright/test';
import type { PresenceViewer, PresentedView } from '../../src/api/presence';
import { followerModel, type FollowerExpected } from '../../tests/models/follower';
import { publishedKitchen } from '../linkHelpers';
import { modelShown, orbit } from '../presenceHelpers';
import { relaySocket } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

const TEXTS = { region: 'Who is here', stopFollowing: 'Stop following', followAgain: 'Follow again' };
/** The model's presenters as the server lists them: Olga named, Paul a guest without a name. */
const VIEWERS: Record<string, PresenceViewer> = {
  olga: { id: 'olga', role: 'owner', name: 'Olga', number: null, presentingSince: null, following: false, joinedAt: 1 },
  paul: { id: 'paul', role: 'guest', name: null, number: 7, presentingSince: null, following: false, joinedAt: 2 },
};
/** Whom the bar says it follows: the presenter's name, or without one "the presenter". */
const NAMES: Record<string, string> = { olga: 'Olga', paul: 'the presenter' };

interface FollowerScreen {
  /** The page's presence socket, once open; the presenter the driver says is presenting. */
  socket: WebSocketRoute | null;
  presenting: string | null;
  /** The last `presence` list the real server sent (this page's own entry in it). */
  served: PresenceViewer[];
  /** Whether the page asked to follow, each time it told the server, in order. */
  following: boolean[];
}

let link: Promise<string> | null = null;
const followedLink = () => (link ??= publishedKitchen(10, 'Follow kitchen').then((k) => k.accessKey));

/** The list the page hears: the real server's, with the model's presenter in it when one presents. */
function listed(screen: FollowerScreen): string {
  const others = Object.values(VIEWERS).map((v) => ({ ...v, presentingSince: v.id === screen.presenting ? 1_000 : null }));
  return JSON.stringify({ type: 'presence', viewers: [...screen.served, ...others.filter((v) => v.id === screen.presenting)] });
}

/** What the page cannot play: Stop following while not following, Follow again while not left free (neither button shows). */
function unplayable(path: ScreenPath<FollowerExpected>): string | null {
  for (const { event, before } of statesBefore(followerModel, path)) {
    if (event.type === 'follower.stop' && before.value !== 'following') return 'Stop following shows only while following';
    if (event.type === 'follower.followAgain' && before.value !== 'free') return 'Follow again shows only after leaving a presentation';
  }
  return null;
}

const bar = (page: Page) => page.getByRole('region', { name: TEXTS.region });

export const followerScreen: ScreenDriver<FollowerScreen, FollowerExpected> = {
  model: followerModel,
  unplayable,
  answers: 'held',
  async open(page) {
    const accessKey = await followedLink();
    const screen: FollowerScreen = { socket: null, presenting: null, served: [], following: [] };
    await relaySocket(page, `/api/v1/projects/accessKeys/${accessKey}/presence`, {
      opened: (ws) => void (screen.socket = ws),
      fromPage(message) {
        const parsed = JSON.parse(message) as { type: string; following?: boolean };
        if (parsed.type === 'follow') screen.following.push(parsed.following!);
      },
      fromServer(message, ws) {
        const parsed = JSON.parse(message) as { type: string; viewers?: PresenceViewer[] };
        if (parsed.type !== 'presence') return ws.send(message);
        screen.served = parsed.viewers!;
        ws.send(listed(screen));
      },
    });
    await page.goto(`/s/${accessKey}`);
    await modelShown(page);
    await expect(bar(page)).toBeVisible();
    await expect.poll(() => screen.served.length, { message: 'the server listed this page' }).toBeGreaterThan(0);
    return screen;
  },
  user: {
    'follower.gesture': (page) => orbit(page, 120, 40),
    'follower.stop': (page) => bar(page).getByRole('button', { name: TEXTS.stopFollowing }).click(),
    'follower.followAgain': (page) => bar(page).getByRole('button', { name: TEXTS.followAgain }).click(),
  },
  server: {
    async 'follower.presenter'(_, screen, e) {
      screen.presenting = (e as unknown as { presenter: { id: string } | null }).presenter?.id ?? null;
      screen.socket!.send(listed(screen));
    },
    async 'follower.view'(_, screen, e) {
      const { from, view } = e as unknown as { from: string; view: PresentedView };
      screen.socket!.send(JSON.stringify({ type: 'view', from, view }));
    },
  },
  async expect(page, screen, e, where) {
    const following = e.value === 'following' ? `Following ${NAMES[e.presenter!]}` : null;
    if (following) await expect(bar(page).getByText(following), where).toBeVisible();
    else await expect(bar(page).getByText(/^Following /), where).toHaveCount(0);
    await expect(bar(page).getByRole('button', { name: TEXTS.stopFollowing }), where).toBeVisible({ visible: e.value === 'following' });
    await expect(bar(page).getByRole('button', { name: TEXTS.followAgain }), where).toBeVisible({ visible: e.value === 'free' });
    // The server was told each start and stop of following, in order.
    const told = e.asked.filter((a) => a === 'following' || a === 'not following').map((a) => a === 'following');
    await expect.poll(() => screen.following, { message: `${where}: following told to the server` }).toEqual(told);
    // Following, the camera is at the latest view shown since the client last moved it (the model's views differ in x only).
    const lastShown = e.asked.findLastIndex((a) => a.startsWith('show view '));
    if (e.value === 'following' && lastShown > e.asked.lastIndexOf('not following')) {
      const x = Number(e.asked[lastShown].slice('show view '.length));
      await expect.poll(() => page.evaluate(() => window.viewerEngine!.getCameraState().position[0]), { message: `${where}: the camera at the presenter's view` }).toBeCloseTo(x, 2);
    }
  },
};
