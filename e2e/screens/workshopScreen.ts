/**
 * The workshop machine's screen: the owner's workshop page of a generated kitchen (one per worker),
 * the settings put back to the defaults before each path. The page's reads (the project, its part
 * tree, the settings and the options; the estimate) and its saves of the settings are held until
 * the path's answer: the server's own, or a 500. After each step the page shows the oracle's tab
 * and choices, the estimate (reading, failed, shown), the sheet size the diagrams are laid out on,
 * the settings form with its problems and failure, and it asked for as many reads and saves; the
 * server holds the settings last saved.
 */
import { expect, type Page } from '@playwright/test';
import { api } from '../../bench/lib/appServer';
import { DEFAULT_WORKSHOP_SETTINGS, type WorkshopSettings } from '../../src/model/cutting/workshopSettings';
import { workshopModel, type WorkshopExpected } from '../../tests/models/workshop';
import { e2eServer } from '../linkHelpers';
import { logIn } from '../listHelpers';
import { kitchenAccount, type Account } from './accounts';
import { HeldRequests, refuse } from './requests';
import { type ScreenDriver, type ScreenPath } from './screenPaths';

const TEXTS = {
  loading: 'Laying out the sheets…',
  loadFailed: 'The workshop page could not be prepared.',
  retry: 'Try again',
  tabs: { diagrams: 'Cutting diagrams', labels: 'Part labels', estimate: 'Estimate', settings: 'Materials and prices' } as Record<string, string>,
  modes: { guillotine: 'Panel saw', free: 'CNC nesting' } as Record<string, string>,
  formats: { a4: 'A4 sheet, 3 x 7 labels (63.5 x 38.1 mm)', roll: 'Label roll, 62 x 100 mm' } as Record<string, string>,
  estimateLoading: 'Computing the estimate…',
  estimateFailed: 'The estimate could not be computed.',
  estimateMode: (mode: string) => `Boards counted as laid out for the ${TEXTS.modes[mode]}.`,
  currency: 'Currency (ISO code)',
  labour: 'Labour per part',
  sheetLength: 'Sheet length (mm)',
  save: 'Save',
  saving: 'Saving…',
  saveFailed: 'The settings could not be saved. Try again.',
  currencyProblem: 'The currency is a three-letter code such as EUR, USD or CHF.',
};
/** The sheet lengths of the model's settings as the diagrams write them: whole mm, inches to 1/16 (2800 mm is 110.236 in). */
const SHEET_LENGTH: Record<number, Record<string, string>> = { 2800: { mm: '2800 mm', in: '110 1/4 in' }, 1500: { mm: '1500 mm', in: '59 1/16 in' } };
const PAGE_RUN = 'on the page, each control on its tab';


interface Owner extends Account {
  projectId: number;
}

interface WorkshopScreen extends Owner {
  /** The four reads of the page's load, the estimate's reads, the settings' saves. */
  loads: HeldRequests;
  estimates: HeldRequests;
  saves: HeldRequests;
}

let owner: Promise<Owner> | null = null;
/** One owner of a generated kitchen per worker (its settings are put back before each path). */
function kitchenOwner(): Promise<Owner> {
  owner ??= kitchenAccount('workshop', 'Workshop kitchen', 12);
  return owner;
}

/** The three fields the model's drafts differ in, as the form shows them. */
const fieldsOf = (s: WorkshopSettings) => ({ currency: s.currency.toUpperCase(), labour: String(s.labourPerPart), sheetLength: String(s.defaultMaterial.sheetLength) });

/** The other runs give a control on a tab that does not show it: this driver plays the run made of what the page offers. */
function unplayable(path: ScreenPath<WorkshopExpected>): string | null {
  return path.run === PAGE_RUN ? null : `each control shows on its own tab: the run "${PAGE_RUN}" plays them as the page offers them`;
}

const radio = (page: Page, group: string, name: string) => page.getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true }).first();

export const workshopScreen: ScreenDriver<WorkshopScreen, WorkshopExpected> = {
  model: workshopModel,
  unplayable,
  answers: 'held',
  async open(page) {
    const kitchen = await kitchenOwner();
    await api(e2eServer, 'settings/workshop', kitchen.token, DEFAULT_WORKSHOP_SETTINGS, 'PUT');
    const screen: WorkshopScreen = { ...kitchen, loads: new HeldRequests('the reads of the page'), estimates: new HeldRequests('a read of the estimate'), saves: new HeldRequests('a save of the settings') };
    await logIn(page, kitchen.username, kitchen.password);
    const project = `/api/v1/projects/${kitchen.projectId}`;
    const loads = new Set([project, `${project}/parts`, `${project}/options`, '/api/v1/settings/workshop']);
    await page.route(
      (url) => loads.has(url.pathname) || url.pathname === `${project}/estimate`,
      (route, request) => {
        const path = new URL(request.url()).pathname;
        if (path === `${project}/estimate`) return screen.estimates.hold(route);
        if (path === '/api/v1/settings/workshop' && request.method() === 'PUT') return screen.saves.hold(route);
        return request.method() === 'GET' ? screen.loads.hold(route) : route.fallback();
      },
    );
    await page.goto(`/projects/${kitchen.projectId}/workshop`);
    return screen;
  },
  user: {
    'workshop.tab': (page, _, e) => page.getByRole('tab', { name: TEXTS.tabs[(e as unknown as { tab: string }).tab] }).click(),
    'workshop.mode': (page, _, e) => radio(page, 'Cutting', TEXTS.modes[(e as unknown as { mode: string }).mode]).click(),
    'workshop.unit': (page, _, e) => radio(page, 'Unit', (e as unknown as { unit: string }).unit).click(),
    'workshop.labelFormat': (page, _, e) => radio(page, 'Label format', TEXTS.formats[(e as unknown as { format: string }).format]).click(),
    async 'workshop.draft'(page, _, e) {
      const target = fieldsOf((e as unknown as { draft: WorkshopSettings }).draft);
      const labels = { currency: TEXTS.currency, labour: TEXTS.labour, sheetLength: TEXTS.sheetLength };
      const shown = { currency: await field(page, labels.currency).inputValue(), labour: await field(page, labels.labour).inputValue(), sheetLength: await field(page, labels.sheetLength).inputValue() };
      // An edit that ends where it began still changes the field on the way (as a user retyping does).
      if (JSON.stringify(shown) === JSON.stringify(target)) await field(page, labels.labour).fill(String(Number(target.labour) + 1));
      for (const key of ['currency', 'labour', 'sheetLength'] as const) await field(page, labels[key]).fill(target[key]);
    },
    async 'workshop.save'(page) {
      const save = page.getByRole('button', { name: /^(Save|Saving…)$/ });
      // While a save runs the button is disabled: Enter in a field is all a user can try (the form is not sent).
      if (await save.isEnabled()) await save.click();
      else await field(page, TEXTS.currency).press('Enter');
    },
    async 'workshop.retry'(page) {
      await page.getByRole('alert').getByRole('button', { name: TEXTS.retry }).click();
    },
  },
  server: {
    async 'xstate.done.actor.loadWorkshop'(_, screen) {
      for (let i = 0; i < 4; i++) await (await screen.loads.next()).continue();
    },
    async 'xstate.error.actor.loadWorkshop'(_, screen) {
      await refuse(await screen.loads.next());
      for (let i = 1; i < 4; i++) await (await screen.loads.next()).continue();
    },
    'xstate.done.actor.loadEstimate': async (_, screen) => (await screen.estimates.newest()).continue(),
    'xstate.error.actor.loadEstimate': async (_, screen) => refuse(await screen.estimates.newest()),
    'xstate.done.actor.saveSettings': async (_, screen) => (await screen.saves.next()).continue(),
    'xstate.error.actor.saveSettings': async (_, screen) => refuse(await screen.saves.next()),
  },
  async expect(page, screen, e, where) {
    await expect(page.getByText(TEXTS.loading), where).toBeVisible({ visible: e.value === 'loading' });
    await expect(page.getByText(TEXTS.loadFailed), where).toBeVisible({ visible: e.value === 'failed' });
    const ready = typeof e.value === 'object' ? e.value.ready : null;
    await expect(page.getByRole('tab'), where).toHaveCount(ready ? 6 : 0);
    if (ready) {
      await expect(page.getByRole('tab', { name: TEXTS.tabs[e.tab] }), where).toHaveAttribute('aria-selected', 'true');
      if (e.tab === 'diagrams' || e.tab === 'estimate') await expect(radio(page, 'Cutting', TEXTS.modes[e.mode]), where).toBeChecked();
      if (e.tab !== 'settings') await expect(radio(page, 'Unit', e.unit), where).toBeChecked();
      if (e.tab === 'labels') await expect(radio(page, 'Label format', TEXTS.formats[e.labelFormat]), where).toBeChecked();
      // The diagrams are laid out on the sheets of the settings saved, never on a draft.
      if (e.tab === 'diagrams') await expect(page.getByText(`Sheet ${SHEET_LENGTH[e.settings!.defaultMaterial.sheetLength][e.unit]} ×`).first(), where).toBeVisible();
      if (e.tab === 'estimate') {
        await expect(page.getByText(TEXTS.estimateLoading), where).toBeVisible({ visible: ready.estimate === 'loading' });
        await expect(page.getByText(TEXTS.estimateFailed), where).toBeVisible({ visible: ready.estimate === 'failed' });
        await expect(page.getByText(TEXTS.estimateMode(e.mode)), where).toBeVisible({ visible: ready.estimate === 'loaded' });
      }
      if (e.tab === 'settings') {
        const draft = fieldsOf(e.draft!);
        await expect(field(page, TEXTS.currency), where).toHaveValue(draft.currency);
        await expect(field(page, TEXTS.labour), where).toHaveValue(draft.labour);
        await expect(field(page, TEXTS.sheetLength), where).toHaveValue(draft.sheetLength);
        if (e.errors.length > 0) await expect(page.getByTestId('settings-errors'), where).toHaveText(TEXTS.currencyProblem);
        else await expect(page.getByTestId('settings-errors'), where).toHaveCount(0);
        await expect(page.getByText(TEXTS.saveFailed), where).toBeVisible({ visible: e.saveFailed });
        const saving = ready.settings === 'saving';
        await expect(page.getByRole('button', { name: saving ? TEXTS.saving : TEXTS.save, exact: true }), where).toBeEnabled({ enabled: !saving });
      }
    }
    await expect
      .poll(() => [screen.loads.sent, screen.estimates.sent, screen.saves.sent], { message: `${where}: reads and saves asked` })
      .toEqual([4 * e.calls.loadWorkshop.length, e.calls.loadEstimate.length, e.calls.saveSettings.length]);
    // The server holds the settings last saved (a save in flight has not reached it).
    const held = await api<WorkshopSettings>(e2eServer, 'settings/workshop', screen.token);
    expect(fieldsOf(held), `${where}: the settings the server holds`).toEqual(fieldsOf(e.settings ?? DEFAULT_WORKSHOP_SETTINGS));
  },
};
