/**
 * Pictures of the machining (docs/screens/): a drilled side's drawing in the owner's data sheet
 * (`datasheet-drawing-<desktop|phone>[-fr].png`) and the workshop's Machining tab
 * (`workshop-machining-<desktop|phone>[-fr].png`), at 1440 x 900 and 390 x 844 (touch), in English
 * and French, on a generated drilled job uploaded as STEP.
 */
import type { Browser } from '@playwright/test';
import { newPage } from './revisionScreens';
import { DESKTOP, PHONE, type Api, type Login, type Shot } from './shotKit';

const TEXTS = {
  en: { tab: 'Machining', show: 'Show the drawing' },
  fr: { tab: 'Usinage', show: 'Afficher le plan' },
};

export async function machiningShots(browser: Browser, origin: string, login: Login, token: string, projectId: number, api: Api, shot: Shot): Promise<void> {
  const list = await api<{ panels: Array<{ node: string; name: string; cabinet: string; bores: unknown[] }> }>(origin, `projects/${projectId}/machining.json`, { token });
  const tree = await api<{ nodes: Record<string, { rawName: string }> }>(origin, `projects/${projectId}/parts`, { token });
  const side = list.panels.find((p) => p.name === 'Left side' && p.bores.length > 0)!;
  const query = `?filter=${encodeURIComponent(side.cabinet)}&part=${encodeURIComponent(tree.nodes[side.node].rawName)}`;
  for (const language of ['en', 'fr'] as const) {
    const t = TEXTS[language];
    const suffix = language === 'fr' ? '-fr' : '';
    for (const [viewport, device] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
      const { context, page } = await newPage(browser, origin, viewport, language === 'fr', login);
      await page.goto(`/projects/${projectId}${query}`);
      await page.locator('[data-model-shown="true"]').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: t.show }).click();
      await page.getByTestId('panel-drawing').waitFor();
      await shot(page, `datasheet-drawing-${device}${suffix}`);
      await page.goto(`/projects/${projectId}/workshop`);
      await page.getByRole('tab', { name: t.tab }).click();
      await page.getByTestId('machining-tab').waitFor({ timeout: 60_000 });
      await shot(page, `workshop-machining-${device}${suffix}`);
      await context.close();
    }
  }
}
