/**
 * The quote editor machine's screen: the Quote tab of the owner's workshop page, on a generated
 * kitchen (one per worker) whose options are put back to the model's loaded ones before each path
 * (Fronts, Oak veneer then White lacquer, on a material of the kitchen; the model's walnut is another). The tab's read of the options, the
 * preview's estimates, the saves of the options and of the workshop's defaults, the quote PDF and
 * the textures are held until the path's answer: the server's own, or a refusal (by the status
 * and code the model's error has). The model's drafts are typed into the form field by field; its
 * files are a real JPEG of a grain, a PNG over 2 MB, an SVG. After each step the tab shows the
 * oracle's step (reading, failed with Retry, the form), the draft in its fields, the problems
 * listed, the refusal, the texture shown or refused, the preview's groups with the choice checked
 * and the estimate the server gives for that selection (being computed, failed, shown), the PDF and
 * defaults buttons busy or failed; it asked for as many reads and saves; and the server holds the
 * options last saved.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { api } from '../../bench/lib/appServer';
import type { ProjectQuote } from '../../src/api/quoteSchemas';
import type { Estimate } from '../../src/model/cutting/estimate';
import type { QuoteOptions } from '../../src/model/quote/quoteOptions';
import { QUOTE_LOADED, quoteEditorModel, type QuoteExpected } from '../../tests/models/quoteEditor';
import { e2eServer } from '../linkHelpers';
import { logIn } from '../listHelpers';
import { kitchenAccount, type Account } from './accounts';
import { HeldRequests, heldAnswers, refuse } from './requests';
import { statesBefore, type ScreenDriver, type ScreenPath } from './screenPaths';

/** SPEC's words on the tab (English). */
const TEXTS = {
  tab: 'Quote',
  loading: 'Reading the quote options…',
  failed: 'The quote options could not be read.',
  retry: 'Try again',
  groupName: 'Group name',
  bind: 'Changes',
  addGroup: 'Add a group',
  addChoice: 'Add a choice',
  save: 'Save the options',
  saving: 'Saving…',
  saveDefaults: "Make the saved options the workshop's defaults",
  savingDefaults: 'Saving the defaults…',
  defaultsSaved: "Saved as the workshop's defaults: every project without options of its own offers them (textures aside).",
  defaultsFailed: "The workshop's defaults could not be saved.",
  previewLoading: 'Computing the estimate of this selection…',
  previewFailed: 'The estimate of this selection could not be computed.',
  pdf: 'Quote PDF',
  pdfFailed: 'The quote PDF could not be downloaded.',
  uploading: 'Uploading…',
  textureOf: (name: string) => `Texture of ${name}`,
  problems: {
    priceNumber: 'The price of “White lacquer” (Fronts) is not a number.',
    duplicateGroup: 'Two groups are named “FRONTS”.',
  } as Record<string, string>,
  refusals: {
    bindsNothing: 'No part of the current revision is bound by “Walnut tops”: choose another material or hardware item.',
    failed: 'The options could not be saved.',
  } as Record<string, string>,
  textureProblems: {
    type: (choice: string, group: string) => `The texture for “${choice}” (${group}) must be a PNG, JPEG or WebP image.`,
    size: (choice: string, group: string) => `The texture for “${choice}” (${group}) is over 2 MB: choose a smaller image.`,
    unreadable: (choice: string, group: string) => `The texture for “${choice}” (${group}) could not be read: choose another image.`,
    failed: (choice: string, group: string) => `The texture for “${choice}” (${group}) could not be uploaded.`,
  } as Record<string, (choice: string, group: string) => string>,
};

interface Owner extends Account {
  projectId: number;
  /** The kitchen's material each of the model's material names stands for (its oak, its walnut). */
  materials: Record<string, string>;
}

interface QuoteScreen extends Owner {
  /** The tab's reads of the options; the preview's estimates; the saves; the PDFs; the defaults; the textures. */
  loads: HeldRequests;
  previews: HeldRequests;
  saves: HeldRequests;
  pdfs: HeldRequests;
  defaults: HeldRequests;
  textures: HeldRequests;
  /** The oracle's state the page showed last (what the next user step starts from). */
  shown: QuoteExpected | null;
}

let owner: Promise<Owner> | null = null;
/** One owner of a generated kitchen per worker (its options are put back before each path). */
function kitchenOwner(): Promise<Owner> {
  owner ??= (async () => {
    const { projectId, ...account } = await kitchenAccount('quote', 'Quote kitchen', 24);
    const { materials } = await api<ProjectQuote>(e2eServer, `projects/${projectId}/options`, account.token);
    expect(materials.length, 'the kitchen has two materials for the model oak and walnut').toBeGreaterThanOrEqual(2);
    return { ...account, projectId, materials: { 'Oak veneer 19': materials[0].name, 'Walnut 19': materials[1].name } };
  })();
  return owner;
}

/** The model's options as the kitchen holds them: each bind on the kitchen's material it stands for. */
const onKitchen = (options: QuoteOptions, materials: Record<string, string>): QuoteOptions => ({
  ...options,
  groups: options.groups.map((g) => ({ ...g, bind: g.bind.kind === 'material' ? { ...g.bind, name: materials[g.bind.name] ?? g.bind.name } : g.bind })),
});

const ready = (e: QuoteExpected) => (typeof e.value === 'object' ? e.value.ready : null);
const tab = (page: Page) => page.getByTestId('quote-tab');
const groupAt = (page: Page, g: number) => tab(page).getByTestId('quote-group').nth(g);
const choiceAt = (page: Page, g: number, c: number) => groupAt(page, g).getByTestId('quote-choice').nth(c);
const fieldsOf = (row: Locator) => ({
  name: row.locator('input[type="text"]:not([list])'),
  colour: row.locator('input[type="color"]'),
  board: row.locator('input[list]'),
  kind: row.locator('select'),
  amount: row.locator('input[type="number"]'),
  file: row.locator('input[type="file"]'),
});
const amountText = (amount: number) => (Number.isFinite(amount) ? String(amount) : '');
const bindValue = (bind: QuoteOptions['groups'][number]['bind'], materials: Record<string, string>) => `${bind.kind}:${bind.kind === 'material' ? (materials[bind.name] ?? bind.name) : bind.name}`;
/** The selection as the estimate's query writes it. */
const written = (selection: Record<string, string>) =>
  Object.keys(selection)
    .sort()
    .map((g) => `${g}.${selection[g]}`)
    .join(',');

/**
 * The model's draft typed into the form from the one shown: the groups from the first whose id
 * differs are removed and added again (a saved group keeps its id, a new one has none), then each
 * field set as the draft has it. The machine takes each edit as a whole draft; the last is the model's.
 */
async function typeDraft(page: Page, from: QuoteOptions, to: QuoteOptions, materials: Record<string, string>): Promise<void> {
  if (JSON.stringify(from) === JSON.stringify(to)) {
    // An edit that ends where it began still changes a field on the way (as a user retyping does).
    await groupAt(page, 0).getByLabel(TEXTS.groupName).fill(`${to.groups[0].name}.`);
  }
  let same = 0;
  while (same < from.groups.length && same < to.groups.length && from.groups[same].id === to.groups[same].id) same++;
  for (let g = from.groups.length - 1; g >= same; g--) await groupAt(page, g).getByRole('button', { name: /^Remove the group/ }).click();
  for (let g = same; g < to.groups.length; g++) await tab(page).getByRole('button', { name: TEXTS.addGroup }).click();
  for (const [g, group] of to.groups.entries()) {
    const box = groupAt(page, g);
    await box.getByLabel(TEXTS.groupName).fill(group.name);
    await box.getByLabel(TEXTS.bind).selectOption(bindValue(group.bind, materials));
    const shownChoices = g < same ? from.groups[g].choices : [{ id: '' }];
    let kept = 0;
    while (kept < shownChoices.length && kept < group.choices.length && shownChoices[kept].id === group.choices[kept].id) kept++;
    kept = Math.max(kept, 1); // the model's own choice stays
    for (let c = shownChoices.length - 1; c >= kept; c--) await choiceAt(page, g, c).getByRole('button', { name: /^Remove the choice/ }).click();
    for (let c = kept; c < group.choices.length; c++) await box.getByRole('button', { name: TEXTS.addChoice }).click();
    for (const [c, choice] of group.choices.entries()) {
      const row = fieldsOf(choiceAt(page, g, c));
      await row.name.fill(choice.name);
      await row.colour.fill(choice.colour);
      await row.board.fill(choice.board);
      await row.kind.selectOption(choice.price.kind);
      await row.amount.fill(amountText(choice.price.amount));
    }
  }
  await tab(page).getByLabel('Quote valid for (days)').fill(String(to.validityDays));
}

/** The files the model's owner picks, by name: a real JPEG of a grain, a PNG over 2 MB, an SVG. */
async function fileNamed(name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  if (name.endsWith('.jpg')) {
    const grain = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#6b4a2e' } }).jpeg().toBuffer();
    return { name, mimeType: 'image/jpeg', buffer: grain };
  }
  if (name.endsWith('.png')) return { name, mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) };
  return { name, mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') };
}

/**
 * What the page cannot play: anything but Retry before the tab shows its form; Retry where no
 * failure offers it; the PDF, the defaults or a texture while one is on its way (the button or the
 * field is disabled); a file for a choice that has a texture (it offers Remove instead).
 */
function unplayable(path: ScreenPath<QuoteExpected>): string | null {
  for (const { event, before } of statesBefore(quoteEditorModel, path)) {
    const r = ready(before);
    if (!event.type.startsWith('quote.')) continue;
    if (event.type === 'quote.retry') {
      if (before.value !== 'failed' && r?.preview !== 'failed') return 'Retry shows only with a failure';
      continue;
    }
    if (!r) return 'the form shows once the options are read';
    if (event.type === 'quote.pdf' && r.pdf !== 'idle') return 'the PDF button is disabled while one is saved';
    if (event.type === 'quote.saveDefaults' && r.defaults !== 'idle') return 'the defaults button is disabled while they are saved';
    if (event.type === 'quote.texture') {
      if (r.texture !== 'idle') return 'the texture fields are disabled while one uploads';
      const { group, choice } = event as unknown as { group: number; choice: number };
      if (before.draft!.groups[group].choices[choice].texture) return 'a choice with a texture offers Remove, not a file';
    }
  }
  return null;
}

export const quoteEditorScreen: ScreenDriver<QuoteScreen, QuoteExpected> = {
  model: quoteEditorModel,
  unplayable,
  answers: 'held',
  async open(page) {
    const kitchen = await kitchenOwner();
    await api(e2eServer, `projects/${kitchen.projectId}/options`, kitchen.token, onKitchen(QUOTE_LOADED.options, kitchen.materials), 'PUT');
    const screen: QuoteScreen = {
      ...kitchen,
      loads: new HeldRequests('its read of the options'),
      previews: new HeldRequests('a read of the estimate of the selection'),
      saves: new HeldRequests('a save of the options'),
      pdfs: new HeldRequests('a quote PDF'),
      defaults: new HeldRequests("a save of the workshop's defaults"),
      textures: new HeldRequests('a texture'),
      shown: null,
    };
    await logIn(page, kitchen.username, kitchen.password);
    await page.goto(`/projects/${kitchen.projectId}/workshop`);
    // The workshop page reads the options too, with its own load: the tab's reads are held once the page is in.
    await expect(page.getByRole('tab', { name: TEXTS.tab, exact: true })).toBeVisible();
    const project = `/api/v1/projects/${kitchen.projectId}`;
    await page.route(
      (url) => [`${project}/options`, `${project}/estimate`, `${project}/quote.pdf`, `${project}/options/textures`, '/api/v1/settings/workshop/options'].includes(url.pathname),
      (route, request) => {
        const path = new URL(request.url()).pathname;
        const method = request.method();
        if (path === `${project}/options`) return (method === 'GET' ? screen.loads : screen.saves).hold(route);
        if (path === `${project}/estimate`) return screen.previews.hold(route);
        if (path === `${project}/quote.pdf`) return screen.pdfs.hold(route);
        if (path === `${project}/options/textures`) return screen.textures.hold(route);
        return method === 'PUT' ? screen.defaults.hold(route) : route.fallback();
      },
    );
    await page.getByRole('tab', { name: TEXTS.tab, exact: true }).click();
    return screen;
  },
  user: {
    'quote.retry': (page) => page.getByRole('alert').getByRole('button', { name: TEXTS.retry }).click(),
    async 'quote.draft'(page, screen, e) {
      const to = (e as unknown as { draft: QuoteOptions }).draft;
      if (ready(screen.shown!)!.editor === 'saving') {
        // While a save runs the machine keeps its draft: the field typed in goes back to it.
        await groupAt(page, 0).getByLabel(TEXTS.groupName).fill(`${to.groups[0].name}!`);
        return;
      }
      await typeDraft(page, screen.shown!.draft!, to, screen.materials);
    },
    async 'quote.save'(page) {
      const save = tab(page).getByRole('button', { name: new RegExp(`^(${TEXTS.save}|${TEXTS.saving})$`) });
      // While a save runs the button is disabled: Enter in a field is all a user can try (the form is not sent).
      if (await save.isEnabled()) await save.click();
      else await tab(page).getByLabel('Quote valid for (days)').press('Enter');
    },
    async 'quote.select'(page, screen, e) {
      const { group, choice } = e as unknown as { group: string; choice: string };
      const saved = screen.shown!.quote!.options.groups.find((g) => g.id === group)!;
      const name = saved.choices.find((c) => c.id === choice)!.name;
      await page.getByTestId('quote-preview').getByRole('radiogroup', { name: saved.name, exact: true }).getByRole('radio', { name: new RegExp(`^${name}`) }).click();
    },
    'quote.pdf': (page) => page.getByTestId('quote-preview').getByRole('button', { name: TEXTS.pdf }).click(),
    'quote.saveDefaults': (page) => tab(page).getByRole('button', { name: TEXTS.saveDefaults }).click(),
    async 'quote.texture'(page, _, e) {
      const { group, choice, file } = e as unknown as { group: number; choice: number; file: File };
      await fieldsOf(choiceAt(page, group, choice)).file.setInputFiles(await fileNamed(file.name));
    },
  },
  server: {
    ...heldAnswers<QuoteScreen>('loadQuote', (screen) => screen.loads),
    ...heldAnswers<QuoteScreen>('loadPreview', (screen) => screen.previews, 'newest'),
    'xstate.done.actor.saveQuote': async (_, screen) => (await screen.saves.next()).continue(),
    async 'xstate.error.actor.saveQuote'(_, screen, e) {
      const error = (e as unknown as { error: { status?: number; code?: string; serverMessage?: string } }).error;
      await refuse(await screen.saves.next(), error.status ?? 500, error.code, error.serverMessage);
    },
    ...heldAnswers<QuoteScreen>('saveQuotePdf', (screen) => screen.pdfs),
    ...heldAnswers<QuoteScreen>('saveDefaults', (screen) => screen.defaults),
    'xstate.done.actor.uploadTexture': async (_, screen) => (await screen.textures.next()).continue(),
    async 'xstate.error.actor.uploadTexture'(_, screen, e) {
      const status = (e as unknown as { error: { status?: number } }).error.status ?? 500;
      await refuse(await screen.textures.next(), status, status === 413 ? 'payload_too_large' : status === 400 ? 'unreadable_image' : undefined);
    },
  },
  async expect(page, screen, e, where) {
    screen.shown = e;
    await expect(page.getByText(TEXTS.loading), where).toBeVisible({ visible: e.value === 'loading' });
    await expect(page.getByText(TEXTS.failed), where).toBeVisible({ visible: e.value === 'failed' });
    const r = ready(e);
    await expect(tab(page).getByRole('button', { name: TEXTS.addGroup }), where).toBeVisible({ visible: r !== null });
    if (r) {
      // The draft, field by field.
      const draft = e.draft!;
      await expect(tab(page).getByTestId('quote-group'), where).toHaveCount(draft.groups.length);
      for (const [g, group] of draft.groups.entries()) {
        const box = groupAt(page, g);
        await expect(box.getByLabel(TEXTS.groupName), where).toHaveValue(group.name);
        await expect(box.getByLabel(TEXTS.bind), where).toHaveValue(bindValue(group.bind, screen.materials));
        await expect(box.getByTestId('quote-choice'), where).toHaveCount(group.choices.length);
        for (const [c, choice] of group.choices.entries()) {
          const row = fieldsOf(choiceAt(page, g, c));
          await expect(row.name, where).toHaveValue(choice.name);
          await expect(row.board, where).toHaveValue(choice.board);
          await expect(row.kind, where).toHaveValue(choice.price.kind);
          await expect(row.amount, where).toHaveValue(amountText(choice.price.amount));
          // A texture uploaded shows as its picture (its colour is the server's average of it).
          const texture = choiceAt(page, g, c).getByRole('img', { name: TEXTS.textureOf(choice.name.trim()) });
          await expect(texture, where).toBeVisible({ visible: Boolean(choice.texture) });
          if (!choice.texture) await expect(row.colour, where).toHaveValue(choice.colour);
        }
      }
      await expect(tab(page).getByLabel('Quote valid for (days)'), where).toHaveValue(String(draft.validityDays));
      // The problems listed, the refusal, the texture refused.
      if (e.errors.length > 0) await expect(tab(page).getByTestId('quote-errors').getByRole('listitem'), where).toHaveText(e.errors.map((code) => TEXTS.problems[code]));
      else await expect(tab(page).getByTestId('quote-errors'), where).toHaveCount(0);
      const refusal = e.refusal as { code: string } | null;
      if (refusal) await expect(tab(page).getByTestId('quote-refusal'), where).toHaveText(TEXTS.refusals[refusal.code]);
      else await expect(tab(page).getByTestId('quote-refusal'), where).toHaveCount(0);
      const problem = e.textureProblem as { code: string; choice: string; group: string } | null;
      if (problem) await expect(tab(page).getByTestId('quote-texture-problem'), where).toHaveText(TEXTS.textureProblems[problem.code](problem.choice, problem.group));
      else await expect(tab(page).getByTestId('quote-texture-problem'), where).toHaveCount(0);
      await expect(tab(page).getByText(TEXTS.uploading, { exact: true }), where).toBeVisible({ visible: r.texture === 'uploading' });
      // The buttons of the saves.
      const saving = r.editor === 'saving';
      await expect(tab(page).getByRole('button', { name: saving ? TEXTS.saving : TEXTS.save, exact: true }), where).toBeEnabled({ enabled: !saving });
      await expect(tab(page).getByRole('button', { name: r.defaults === 'saving' ? TEXTS.savingDefaults : TEXTS.saveDefaults, exact: true }), where).toBeEnabled({ enabled: r.defaults === 'idle' });
      await expect(tab(page).getByText(TEXTS.defaultsSaved), where).toBeVisible({ visible: e.defaultsSaved === 'saved' });
      await expect(tab(page).getByText(TEXTS.defaultsFailed), where).toBeVisible({ visible: e.defaultsSaved === 'failed' });
      // The preview: the saved groups with the choice checked, the estimate of that selection.
      const preview = page.getByTestId('quote-preview');
      await expect(preview.getByRole('button', { name: TEXTS.pdf }), where).toBeEnabled({ enabled: r.pdf === 'idle' });
      await expect(preview.getByText(TEXTS.pdfFailed), where).toBeVisible({ visible: e.pdfFailed });
      await expect(preview.getByRole('radiogroup'), where).toHaveCount(e.quote!.options.groups.length);
      for (const group of e.quote!.options.groups) {
        const chosen = group.choices.find((c) => c.id === (e.selection[group.id] ?? group.choices[0].id))!;
        await expect(preview.getByRole('radiogroup', { name: group.name, exact: true }).getByRole('radio', { checked: true }), where).toContainText(chosen.name);
      }
      await expect(preview.getByText(TEXTS.previewLoading), where).toBeVisible({ visible: r.preview === 'loading' });
      await expect(preview.getByText(TEXTS.previewFailed), where).toBeVisible({ visible: r.preview === 'failed' });
      await expect(preview.getByTestId('estimate-total'), where).toHaveCount(r.preview === 'loaded' ? 1 : 0);
      if (r.preview === 'loaded') {
        const query = written(e.selection);
        const priced = await api<Estimate>(e2eServer, `projects/${screen.projectId}/estimate?mode=guillotine${query ? `&options=${query}` : ''}`, screen.token);
        await expect(preview.getByTestId('estimate-total'), where).toHaveText(new Intl.NumberFormat('en-US', { style: 'currency', currency: priced.currency }).format(priced.total));
      }
    }
    await expect
      .poll(() => [screen.loads.sent, screen.previews.sent, screen.saves.sent, screen.pdfs.sent, screen.defaults.sent, screen.textures.sent], { message: `${where}: reads and saves asked` })
      .toEqual([e.calls.loadQuote.length, e.calls.loadPreview.length, e.calls.saveQuote.length, e.calls.saveQuotePdf.length, e.calls.saveDefaults.length, e.calls.uploadTexture.length]);
    // The server holds the options last saved (a save in flight has not reached it).
    if (e.quote) {
      const held = await api<ProjectQuote>(e2eServer, `projects/${screen.projectId}/options`, screen.token);
      const names = (o: QuoteOptions) => o.groups.map((g) => [g.id, g.name, bindValue(g.bind, screen.materials), g.choices.map((c) => [c.id, c.name, c.price])]);
      expect(names(held.options), `${where}: the options the server holds`).toEqual(names(e.quote.options));
    }
  },
};
