/**
 * Pictures of the workshop page (docs/screens/workshop-<tab>-<desktop|phone>[-fr].png): the cutting
 * diagrams, the part labels, the estimate and the materials and prices, at 1440 x 900 and
 * 390 x 844, in English and French, on a generated kitchen with prices set.
 */
import type { Browser } from '@playwright/test';
import { newPage } from './revisionScreens';
import { DESKTOP, PHONE, type Api, type Login, type Shot } from './shotKit';

const TABS = { en: ['Cutting diagrams', 'Part labels', 'Estimate', 'Materials and prices'], fr: ['Plans de découpe', 'Étiquettes des pièces', 'Devis', 'Matériaux et prix'] };
const SLUGS = ['diagrams', 'labels', 'estimate', 'settings'];

const SETTINGS = {
  version: 1,
  currency: 'EUR',
  defaultMaterial: { sheetLength: 2800, sheetWidth: 2070, grain: false, kerf: 4, trim: 10, price: 48, priceUnit: 'sheet' },
  materials: [
    { name: 'Oak veneer 19', sheetLength: 2500, sheetWidth: 1250, grain: true, kerf: 4, trim: 10, price: 62, priceUnit: 'm2' },
    { name: 'HDF 8', sheetLength: 2800, sheetWidth: 2070, grain: false, kerf: 3.2, trim: 5, price: 19.5, priceUnit: 'sheet' },
  ],
  hardware: [
    { name: 'Hinge', price: 3.4 },
    { name: 'Handle', price: 7.9 },
    { name: 'Leg', price: 1.2 },
    { name: 'Runner', price: 14 },
  ],
  labourPerPart: 2.5,
};

export async function workshopShots(browser: Browser, origin: string, login: Login, token: string, projectId: number, api: Api, shot: Shot): Promise<void> {
  await api(origin, `projects/${projectId}`, { method: 'PATCH', token, json: { isPublished: true } });
  await api(origin, 'settings/workshop', { method: 'PUT', token, json: SETTINGS });
  for (const language of ['en', 'fr'] as const) {
    for (const [viewport, device] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
      const { context, page } = await newPage(browser, origin, viewport, language === 'fr', login);
      await page.goto(`/projects/${projectId}/workshop`);
      for (const [i, tab] of TABS[language].entries()) {
        await page.getByRole('tab', { name: tab }).click();
        if (SLUGS[i] === 'diagrams') await page.getByTestId('sheet-diagram').first().waitFor();
        if (SLUGS[i] === 'labels') await page.getByTestId('part-label').first().waitFor();
        if (SLUGS[i] === 'estimate') await page.getByTestId('estimate-total').waitFor();
        await shot(page, `workshop-${SLUGS[i]}-${device}${language === 'fr' ? '-fr' : ''}`);
      }
      await context.close();
    }
  }
}
