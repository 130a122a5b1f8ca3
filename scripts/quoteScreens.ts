/**
 * Pictures of the client's quote (docs/screens/): the Options panel of a link opened with a finish
 * with a textured finish chosen (`link-options-<desktop|phone>[-fr].png`), the owner's Quote tab on the workshop page
 * (`workshop-quote-<desktop|phone>[-fr].png`), at 1440 x 900 and 390 x 844 (touch), in English and
 * French; and the quote itself as a PDF (`quote-<en|fr>.pdf`).
 */
import { writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import type { ProjectQuote } from '../src/api/quoteSchemas';
import { DEFAULT_WORKSHOP_SETTINGS } from '../src/model/cutting/workshopSettings';
import type { QuoteOptions } from '../src/model/quote/quoteOptions';
import { newPage } from './revisionScreens';
import { DESKTOP, PHONE, type Api, type Login, type Shot } from './shotKit';

/** An oak grain drawn here (wavy lines of browns on a light oak, a fixed seed), as a PNG of 512 x 512. */
function oakGrain(): Promise<Buffer> {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const lines: string[] = [];
  for (let i = 0; i < 90; i++) {
    const x = random() * 512;
    const wave = 4 + random() * 10;
    const shade = ['#8a5f35', '#9c6d3f', '#a87a49', '#c99b68', '#d6ab78'][Math.floor(random() * 5)];
    const d = Array.from({ length: 9 }, (_, k) => `${k === 0 ? 'M' : 'L'}${(x + Math.sin(k * 0.8 + i) * wave).toFixed(1)},${k * 64}`).join(' ');
    lines.push(`<path d="${d}" stroke="${shade}" stroke-width="${(0.6 + random() * 2.6).toFixed(1)}" fill="none" opacity="0.7"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="#bf9160"/>${lines.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const TEXTS = { en: { options: 'Options', tab: 'Quote' }, fr: { options: 'Options', tab: 'Options du devis' } };

export async function quoteShots(browser: Browser, origin: string, login: Login, token: string, projectId: number, api: Api, shot: Shot): Promise<void> {
  await api(origin, 'settings/workshop', {
    method: 'PUT',
    token,
    json: {
      ...DEFAULT_WORKSHOP_SETTINGS,
      defaultMaterial: { ...DEFAULT_WORKSHOP_SETTINGS.defaultMaterial, price: 48 },
      hardware: [{ name: 'Handle', price: 6.5 }, { name: 'Hinge', price: 3.2 }, { name: 'Runner', price: 14 }, { name: 'Leg', price: 2.8 }],
      labourPerPart: 4,
    },
  });
  const { materials, hardware } = await api<ProjectQuote>(origin, `projects/${projectId}/options`, { token });
  const fronts = materials.find((m) => /lacquer|oak/i.test(m.name)) ?? materials[0]!;
  const carcass = materials.find((m) => /melamine/i.test(m.name) && m.name !== fronts.name);
  const handle = hardware.find((h) => /handle/i.test(h.name));
  const grain = await fetch(`${origin}/api/v1/projects/${projectId}/options/textures`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: new Uint8Array(await oakGrain()),
  });
  const oak = (await grain.json()) as { texture: string; colour: string };
  const options: QuoteOptions = {
    validityDays: 30,
    groups: [
      {
        id: 'fronts',
        name: 'Fronts',
        bind: { kind: 'material', name: fronts.name },
        choices: [
          { id: 'grey', name: 'Grey lacquer', colour: '#8f969c', board: '', price: { kind: 'perSquareMetre', amount: 38 } },
          { id: 'white', name: 'White lacquer', colour: '#f1efe8', board: 'White lacquer MDF 19', price: { kind: 'perSquareMetre', amount: 52 } },
          { id: 'oak', name: 'Natural oak', colour: oak.colour, board: 'Oak veneer 19', price: { kind: 'perSquareMetre', amount: 74 }, texture: oak.texture },
        ],
      },
      ...(carcass
        ? [{ id: 'carcass', name: 'Carcass', bind: { kind: 'material' as const, name: carcass.name }, choices: [
            { id: 'white', name: 'White', colour: '#e9e9e6', board: '', price: { kind: 'fixed' as const, amount: 0 } },
            { id: 'anthracite', name: 'Anthracite', colour: '#3b3d40', board: 'Melamine anthracite 18', price: { kind: 'perPart' as const, amount: 6 } },
          ] }]
        : []),
      ...(handle
        ? [{ id: 'handles', name: 'Handles', bind: { kind: 'hardware' as const, name: handle.name }, choices: [
            { id: 'steel', name: 'Brushed steel', colour: '#a7a9ab', board: '', price: { kind: 'fixed' as const, amount: 0 } },
            { id: 'brass', name: 'Brass', colour: '#c9a227', board: 'Brass handle', price: { kind: 'perPart' as const, amount: 9 } },
          ] }]
        : []),
    ],
  };
  await api(origin, `projects/${projectId}/options`, { method: 'PUT', token, json: options });
  await api(origin, `projects/${projectId}`, { method: 'PATCH', token, json: { isPublished: true, currentStage: 'approval', shareOptions: { isOptionsAvailable: true, isApprovalAvailable: true } } });
  const [{ accessKey }] = (await api<Array<{ id: number; accessKey: string }>>(origin, 'projects', { token })).filter((p) => p.id === projectId);
  for (const language of ['en', 'fr'] as const) {
    const t = TEXTS[language];
    const suffix = language === 'fr' ? '-fr' : '';
    for (const [viewport, device] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
      const guest = await newPage(browser, origin, viewport, language === 'fr');
      await guest.page.goto(`/s/${accessKey}?options=fronts.oak,handles.brass`);
      await guest.page.locator('[data-model-shown="true"]').waitFor({ timeout: 60_000 });
      await guest.page.getByTestId('options-button').click();
      await guest.page.getByTestId('options-estimate').waitFor({ timeout: 30_000 });
      await shot(guest.page, `link-options-${device}${suffix}`);
      await guest.context.close();
      const owner = await newPage(browser, origin, viewport, language === 'fr', login);
      await owner.page.goto(`/projects/${projectId}/workshop`);
      await owner.page.getByRole('tab', { name: t.tab, exact: true }).click();
      await owner.page.getByRole('tab', { name: t.tab, exact: true }).waitFor();
      await owner.page.waitForLoadState('networkidle');
      await shot(owner.page, `workshop-quote-${device}${suffix}`);
      await owner.context.close();
    }
    const pdf = await fetch(`${origin}/api/v1/projects/accessKeys/${accessKey}/quote.pdf?options=fronts.oak,handles.brass&lang=${language}`);
    writeFileSync(`docs/screens/quote-${language}.pdf`, new Uint8Array(await pdf.arrayBuffer()));
  }
}
