/**
 * The link options machine's screen: the Options in a client's Shared project panel, on a published
 * kitchen whose owner offers two groups as the model has them (Fronts on a board material of the
 * kitchen, Handles on a hardware item; the model's own choice first), or on a link without options.
 * Each run opens the link as the model does: on no choice, or with choices in its URL (one of
 * them no longer offered). The panel's reads of the options and of the estimate are held until the
 * path's answer: the server's own, or a 500. After each step the panel shows the oracle's step
 * (reading, failed with Retry, the groups), the choice checked in each group, Back to the model
 * while anything is chosen, the estimate being priced, failed, or the server's total for the
 * selection; the URL keeps the selection; and it asked for as many reads.
 */
import { expect, type Page } from '@playwright/test';
import { api, uploadProject } from '../../bench/lib/appServer';
import type { ProjectQuote } from '../../src/api/quoteSchemas';
import type { Project } from '../../src/api/schemas';
import type { Estimate } from '../../src/model/cutting/estimate';
import { DEFAULT_WORKSHOP_SETTINGS } from '../../src/model/cutting/workshopSettings';
import type { QuoteOptions } from '../../src/model/quote/quoteOptions';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { linkOptionsModel, type LinkOptionsExpected } from '../../tests/models/linkOptions';
import { e2eServer } from '../linkHelpers';
import { newAccount } from './accounts';
import { HeldRequests, refuse } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

const TEXTS = {
  panel: 'Shared project',
  section: 'Options',
  loading: 'Loading',
  failed: 'The options could not be loaded.',
  priceFailed: 'The price of this choice could not be read.',
  reset: 'Back to the model as drawn',
};
/** The groups as the model offers them: ids, names, and each choice's name (the model's own first). */
const GROUPS = { fronts: { name: 'Fronts', choices: { oak: 'Oak', white: 'White lacquer' } }, handles: { name: 'Handles', choices: { steel: 'Steel', brass: 'Brass' } } } as const;
const OWN: Record<string, string> = { fronts: 'oak', handles: 'steel' };
/** The URL each run opens the link with. */
const OPENED: Record<string, string> = { 'a link opened with choices in its URL (one no longer offered)': '?options=fronts.white,carcass.grey' };

interface Links {
  offering: string;
  plain: string;
}

interface OptionsScreen {
  accessKey: string;
  options: HeldRequests;
  estimates: HeldRequests;
}

function optionsOn(material: string, hardware: string): QuoteOptions {
  return {
    validityDays: 30,
    groups: [
      {
        id: 'fronts',
        name: GROUPS.fronts.name,
        bind: { kind: 'material', name: material },
        choices: [
          { id: 'oak', name: GROUPS.fronts.choices.oak, colour: '#B08850', board: '', price: { kind: 'perSquareMetre', amount: 20 } },
          { id: 'white', name: GROUPS.fronts.choices.white, colour: '#F2F1EC', board: '', price: { kind: 'perSquareMetre', amount: 65 } },
        ],
      },
      {
        id: 'handles',
        name: GROUPS.handles.name,
        bind: { kind: 'hardware', name: hardware },
        choices: [
          { id: 'steel', name: GROUPS.handles.choices.steel, colour: '#9a9a9a', board: '', price: { kind: 'fixed', amount: 0 } },
          { id: 'brass', name: GROUPS.handles.choices.brass, colour: '#c9a227', board: '', price: { kind: 'perPart', amount: 4 } },
        ],
      },
    ],
  };
}

let links: Promise<Links> | null = null;
/** Two links of one owner per worker: one offering the options, one without (the paths only read them). */
function optionLinks(): Promise<Links> {
  links ??= (async () => {
    const { token } = await newAccount('options', { name: 'Olga Owner', sku: 'UNLIMITED' });
    const publishedKitchen = async (name: string) => {
      const project = await uploadProject(e2eServer, token, name, 'kitchen.dae', await writeSample(generateAssembly({ parts: 30, seed: 4 }), 'dae'));
      await api(e2eServer, `projects/${project.id}`, token, { isPublished: true }, 'PATCH');
      return project;
    };
    await api(e2eServer, 'settings/workshop', token, { ...DEFAULT_WORKSHOP_SETTINGS, labourPerPart: 5 }, 'PUT');
    const offering = await publishedKitchen('Options kitchen');
    const { materials, hardware } = await api<ProjectQuote>(e2eServer, `projects/${offering.id}/options`, token);
    expect(hardware.length, 'the kitchen has hardware to offer handles on').toBeGreaterThan(0);
    await api(e2eServer, `projects/${offering.id}/options`, token, optionsOn(materials[0].name, hardware[0].name), 'PUT');
    const shown = await api<Project>(e2eServer, `projects/${offering.id}`, token);
    await api(e2eServer, `projects/${offering.id}`, token, { shareOptions: { ...shown.shareOptions, isOptionsAvailable: true } }, 'PATCH');
    const plain = await publishedKitchen('Plain kitchen');
    return { offering: offering.accessKey, plain: plain.accessKey };
  })();
  return links;
}

const section = (page: Page) => page.getByRole('region', { name: TEXTS.section, exact: true });
const ready = (e: LinkOptionsExpected) => typeof e.value === 'object' && e.value !== null && 'ready' in e.value;
const step = (e: LinkOptionsExpected) => (ready(e) ? (e.value as { ready: string }).ready : null);
/** A selection written as the URL writes it, its groups sorted (the order in the URL is not compared). */
const written = (selection: Record<string, string>) =>
  Object.keys(selection)
    .sort()
    .map((g) => `${g}.${selection[g]}`)
    .join(',');

/**
 * What the page cannot play: a choice or Back to the model before the groups show (or after, Back
 * while nothing is chosen: it shows only then), Retry where no failure offers it.
 */
function unplayable(path: ScreenPath<LinkOptionsExpected>): string | null {
  for (const { event, before } of statesBefore(linkOptionsModel, path)) {
    if (event.type === 'options.choose' && !ready(before)) return 'the choices show once the options are read';
    if (event.type === 'options.reset' && (!ready(before) || Object.keys(before.selection).length === 0)) return 'Back to the model shows only while something is chosen';
    if (event.type === 'options.retry' && before.value !== 'failed' && step(before) !== 'priceFailed') return 'Retry shows only with a failure';
  }
  return null;
}

export const linkOptionsScreen: ScreenDriver<OptionsScreen, LinkOptionsExpected> = {
  model: linkOptionsModel,
  unplayable,
  answers: 'held',
  async open(page, run) {
    const { offering, plain } = await optionLinks();
    const accessKey = run === 'a link without options' ? plain : offering;
    const screen: OptionsScreen = { accessKey, options: new HeldRequests('its read of the options'), estimates: new HeldRequests('a price of the selection') };
    const base = `/api/v1/projects/accessKeys/${accessKey}/`;
    await page.route(
      (url) => url.pathname === `${base}options` || url.pathname === `${base}estimate`,
      (route) => (new URL(route.request().url()).pathname.endsWith('/options') ? screen.options : screen.estimates).hold(route),
    );
    await page.goto(`/s/${accessKey}${OPENED[run] ?? ''}`);
    const button = page.getByRole('button', { name: TEXTS.panel, exact: true });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    await expect(page.getByRole('region', { name: TEXTS.panel, exact: true }).first()).toBeVisible();
    return screen;
  },
  user: {
    'options.choose': (page, _, e) => {
      const { group, choice } = e as unknown as { group: keyof typeof GROUPS; choice: string };
      const names = GROUPS[group].choices as Record<string, string>;
      return section(page).getByRole('radiogroup', { name: GROUPS[group].name }).getByRole('radio', { name: new RegExp(`^${names[choice]}`) }).click();
    },
    'options.reset': (page) => section(page).getByRole('button', { name: TEXTS.reset }).click(),
    'options.retry': (page) => section(page).getByRole('alert').getByRole('button').click(),
  },
  server: {
    'xstate.done.actor.loadOptions': async (_, screen) => (await screen.options.next()).continue(),
    'xstate.error.actor.loadOptions': async (_, screen) => refuse(await screen.options.next()),
    'xstate.done.actor.loadEstimate': async (_, screen) => (await screen.estimates.newest()).continue(),
    'xstate.error.actor.loadEstimate': async (_, screen) => refuse(await screen.estimates.newest()),
  },
  async expect(page, screen, e, where) {
    const panel = section(page);
    await expect(panel, where).toHaveCount(e.value === 'off' ? 0 : 1);
    if (e.value === 'off') return;
    await expect(panel.getByText(TEXTS.loading, { exact: true }), where).toBeVisible({ visible: e.value === 'loading' });
    await expect(panel.getByText(TEXTS.failed), where).toBeVisible({ visible: e.value === 'failed' });
    await expect(panel.getByRole('radiogroup'), where).toHaveCount(ready(e) ? 2 : 0);
    if (ready(e)) {
      for (const [id, group] of Object.entries(GROUPS)) {
        const chosen = (group.choices as Record<string, string>)[e.selection[id] ?? OWN[id]];
        await expect(panel.getByRole('radiogroup', { name: group.name }).getByRole('radio', { checked: true }), where).toContainText(chosen);
      }
      await expect(panel.getByRole('button', { name: TEXTS.reset }), where).toBeVisible({ visible: Object.keys(e.selection).length > 0 });
      const now = step(e);
      await expect(panel.getByText(TEXTS.priceFailed), where).toBeVisible({ visible: now === 'priceFailed' });
      if (now === 'priced') {
        // The server's total for the selection (fronts and handles priced apart: never the model's own by chance).
        const query = written(e.selection);
        const priced = (await (await fetch(`${e2eServer.url}/api/v1/projects/accessKeys/${screen.accessKey}/estimate?mode=guillotine${query ? `&options=${query}` : ''}`)).json()) as Estimate;
        const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: priced.currency }).format(priced.total);
        await expect(panel.getByTestId('options-estimate'), where).toHaveAttribute('aria-busy', 'false');
        await expect(panel.getByTestId('estimate-total'), where).toHaveText(total);
      } else if (now === 'pricing') {
        // The estimate shown so far (if any) is marked as being priced again.
        const shown = panel.getByTestId('options-estimate');
        if ((await shown.count()) > 0) await expect(shown, where).toHaveAttribute('aria-busy', 'true');
      }
    }
    // The URL keeps the selection once the options are read.
    if (e.kept) await expect.poll(() => written(Object.fromEntries((new URL(page.url()).searchParams.get('options') ?? '').split(',').filter(Boolean).map((p) => p.split('.')))), { message: `${where}: the selection in the URL` }).toBe(written(e.kept));
    await expect.poll(() => [screen.options.sent, screen.estimates.sent], { message: `${where}: reads of the options and prices` }).toEqual([e.optionReads, e.estimateReads]);
  },
};
