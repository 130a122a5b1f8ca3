/**
 * The notice machine's screen: the step control of a link's viewer, on a published kitchen (one per
 * worker). Notice mode starts with the page, from the link's three filters, as the model's steps
 * are made: the first cabinet, then it and the second (`+`), then the wall cabinet. Next and
 * Previous are the control's buttons; Stop is a click in the hierarchy, which takes the filters
 * away; the 200 ms wait is the page's own. After each step the control says "Step n of 3" (or is
 * gone), and once a step is shown the model shows only that step's cabinets.
 */
import { expect, type Page } from '@playwright/test';
import { noticeModel, type NoticeExpected } from '../../tests/models/notice';
import { api } from '../../bench/lib/appServer';
import { e2eServer, publishedKitchen } from '../linkHelpers';
import { modelShown } from '../presenceHelpers';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

/** The model's steps ([1], [1, 2], [3]) as the link's filters name them. */
const CABINETS = ['Base cabinet 1', 'Base cabinet 2', 'Wall cabinet 1'];
const FILTERS = [CABINETS[0], `+${CABINETS[1]}`, CABINETS[2]];
const STEPS = [[CABINETS[0]], [CABINETS[0], CABINETS[1]], [CABINETS[2]]];

interface NoticeScreen {
  accessKey: string;
  /** Each cabinet's part ids (itself and every node under it), from the link's part tree. */
  partsOf: Record<string, Set<string>>;
}

interface Tree {
  roots: string[];
  nodes: Record<string, { rawName: string; children: string[] }>;
}

let link: Promise<NoticeScreen> | null = null;
function noticeLink(): Promise<NoticeScreen> {
  link ??= (async () => {
    const kitchen = await publishedKitchen(60, 'Notice kitchen');
    const tree = await api<Tree>(e2eServer, `projects/${kitchen.projectId}/parts`, kitchen.token);
    const under = (id: string): string[] => [id, ...tree.nodes[id].children.flatMap(under)];
    const partsOf: Record<string, Set<string>> = {};
    for (const name of CABINETS) {
      const id = Object.keys(tree.nodes).find((k) => tree.nodes[k].rawName === name || tree.nodes[k].rawName.startsWith(`${name}+`));
      expect(id, `the kitchen has ${name}`).toBeDefined();
      partsOf[name] = new Set(under(id!));
    }
    return { accessKey: kitchen.accessKey, partsOf };
  })();
  return link;
}

/**
 * What the page cannot play: notice mode starts once, with the page (its filters are gone after
 * Stop); the steps load with the model, from the filters; the camera a step keeps is the one the
 * user left there, not the model's; the step control shows only in notice mode.
 */
function unplayable(path: ScreenPath<NoticeExpected>): string | null {
  for (const [i, { event, before }] of statesBefore(noticeModel, path).entries()) {
    if (event.type === 'notice.start' && i > 0) return 'notice mode starts with the page, from the link’s filters (Stop takes them away)';
    if (event.type === 'notice.load') return 'the steps load with the model, from the link’s filters';
    if (event.type === 'notice.cameraStored') return 'a step keeps the camera the user left there, not the model’s';
    if (event.type !== 'notice.start' && before.value === 'idle') return 'the step control shows only in notice mode';
  }
  return null;
}

const control = (page: Page) => page.getByRole('navigation', { name: /^Step \d+ of \d+$/ });

export const noticeScreen: ScreenDriver<NoticeScreen, NoticeExpected> = {
  model: noticeModel,
  unplayable,
  offScreen: {
    transitions: ['idle notice.load#0', '(root) notice.cameraStored#0'],
    why: 'the steps load with the model, from the link\'s filters, before the page shows the control; a step keeps the camera the user left there, which is theirs, not the model\'s',
  },
  async open(page) {
    const screen = await noticeLink();
    await page.goto(`/s/${screen.accessKey}`);
    await modelShown(page);
    return screen;
  },
  user: {
    async 'notice.start'(page, screen) {
      await page.goto(`/s/${screen.accessKey}?${FILTERS.map((f) => `filter=${encodeURIComponent(f)}`).join('&')}`);
      await modelShown(page);
    },
    'notice.next': (page) => control(page).getByRole('button', { name: 'Next step' }).click(),
    'notice.previous': (page) => control(page).getByRole('button', { name: 'Previous step' }).click(),
    // A click in the hierarchy takes the filters away (SPEC §2), which ends notice mode.
    'notice.stop': (page) => page.getByRole('tree', { name: 'Part tree' }).getByRole('button', { name: 'Kitchen', exact: true }).click(),
  },
  server: {
    // The page's own 200 ms: nothing to arrange.
    'xstate.after.200.notice.active.waiting': async () => {},
  },
  async expect(page, screen, e, where) {
    if (e.value === 'idle') {
      await expect(control(page), where).toHaveCount(0);
      // Every part shown again.
      await expect.poll(() => page.evaluate(() => window.viewerEngine!.getPartVisibility().hidden.length), { message: `${where}: every part shown` }).toBe(0);
      return;
    }
    await expect(control(page), where).toHaveAccessibleName(`Step ${e.index + 1} of 3`);
    if (e.value.active !== 'shown') return; // the step shows after the page's own 200 ms
    const step = STEPS[e.index];
    const allowed = new Set(step.flatMap((name) => [...screen.partsOf[name]]));
    await expect
      .poll(
        async () => {
          const shown = await page.evaluate(() => window.viewerEngine!.getPartVisibility().shown);
          return { onlyThisStep: shown.every((id) => allowed.has(id)), everyCabinet: step.every((name) => shown.some((id) => screen.partsOf[name].has(id))) };
        },
        { message: `${where}: the model shows step ${e.index + 1}'s cabinets only` },
      )
      .toEqual({ onlyThisStep: true, everyCabinet: true });
  },
};
