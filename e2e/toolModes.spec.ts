/**
 * The viewer's tool panels through the real app: paths generated from the viewer tools machine
 * (every panel state, and every transition between panels: open, switch, toggle shut, close),
 * played in Chromium on the owner's viewer against the real server, each step checked against the
 * same oracle as the machine's own test (tests/models/viewerToolsOracle.ts): the panel the oracle
 * expects is the one open (its region shown, its button pressed), and no other.
 */
import { expect, test, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { ALL_SHARE_OPTIONS } from '../src/api/schemas';
import { viewerToolsMachine, type ViewerToolsEvent } from '../src/machines/viewer/tools/viewerToolsMachine';
import { modelPaths, type Sut } from '../tests/helpers/modelBased';
import { viewerToolsOracle, type ToolsExpected } from '../tests/models/viewerToolsOracle';
import { ownKitchen } from './ownProject';

const LABELS: Record<string, string> = {
  render: 'Render mode',
  comments: 'Comments',
  attachment: 'Hyperlinks',
  measure: 'Measure',
  clipping: 'Clipping plane',
  parts: 'Parts list',
};

/** The owner's paths over the panels: the same generation as in Node, the panel events only. */
function panelPaths() {
  const events = [...Object.keys(LABELS).map((panel) => ({ type: 'tools.togglePanel', panel })), { type: 'tools.closePanel' }] as ViewerToolsEvent[];
  const { cases } = modelPaths(viewerToolsMachine, {
    events,
    input: { permissions: ALL_SHARE_OPTIONS },
    serializeState: (s) => JSON.stringify((s.value as { panel: string }).panel),
    filterEvents: (_, event) => event.type === 'tools.togglePanel' || event.type === 'tools.closePanel',
    sut: () => ({}) as Sut,
    oracle: viewerToolsOracle(ALL_SHARE_OPTIONS) as never,
  });
  return cases.map((c) => ({
    name: c.name,
    steps: c.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => ({ event: s.event as EventObject & { panel?: string }, expected: s.expected as ToolsExpected })),
  }));
}

const paths = panelPaths();

async function waitForModel(page: Page) {
  await expect(page.locator('canvas[data-engine-ready="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: /Loading/ })).toBeHidden({ timeout: 30_000 });
}

const tools = (page: Page) => page.getByRole('navigation', { name: 'Tools', exact: true });

/** The screen shows exactly the panel the oracle expects. */
async function expectPanel(page: Page, panel: string, where: string) {
  for (const [key, label] of Object.entries(LABELS)) {
    const open = key === panel;
    await expect(tools(page).getByRole('button', { name: label, exact: true }), `${where}: ${label} button`).toHaveAttribute('aria-pressed', String(open));
    const region = page.getByRole('region', { name: label, exact: true });
    if (open) await expect(region.first(), `${where}: ${label} shown`).toBeVisible();
    else await expect(region, `${where}: ${label} hidden`).toHaveCount(0);
  }
}

async function play(page: Page, event: EventObject & { panel?: string }, before: string) {
  if (event.type === 'tools.togglePanel') await tools(page).getByRole('button', { name: LABELS[event.panel!], exact: true }).click();
  else if (event.type === 'tools.closePanel') await page.getByRole('region', { name: LABELS[before], exact: true }).first().getByRole('button', { name: 'Close', exact: true }).first().click();
  else throw new Error(`No user action for ${event.type}`);
}

test('generated paths over the tool panels, played in the owner\'s viewer and checked by the oracle', async ({ page }) => {
  test.setTimeout(300_000);
  // Every transition between the seven panel states is in the paths (6 opens from closed, then from
  // each panel: toggle shut, switch to each of the 5 others, close).
  expect(paths.length).toBeGreaterThanOrEqual(42);
  await ownKitchen(page, 'toolpaths');
  await waitForModel(page);
  await expectPanel(page, 'closed', 'start');
  for (const [n, path] of paths.entries()) {
    let shown = 'closed';
    for (const [i, step] of path.steps.entries()) {
      await play(page, step.event, shown);
      shown = step.expected.value.panel;
      await expectPanel(page, shown, `path ${n + 1} step ${i + 1} (${step.event.type} ${step.event.panel ?? ''})`);
    }
    // Back to no panel for the next path, as every path starts there.
    if (shown !== 'closed') await tools(page).getByRole('button', { name: LABELS[shown], exact: true }).click();
    await expectPanel(page, 'closed', `after path ${n + 1}`);
  }
});
