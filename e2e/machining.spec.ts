/**
 * Machining from the model in Chromium against the real server: a drilled job uploaded as STEP;
 * the owner selects a side, asks for its drawing in the data sheet and finds every bore the server
 * read drawn, with the counts; the workshop's Machining tab lists every panel and downloads the
 * zip, whose DXF files are one per panel.
 */
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { uploadProject } from '../bench/lib/appServer';
import { generateJob, jobToStep } from '../samples/realJob/job';
import type { MachiningList } from '../src/model/machining/machiningList';
import { admin, uniqueUser } from './admin';
import { e2eServer, LINK_OWNER_PASSWORD } from './linkHelpers';
import { logIn } from './listHelpers';

test('a drilled side drawn in its data sheet, and the job’s machining files from the workshop', async ({ page }) => {
  test.setTimeout(120_000);
  const username = uniqueUser('machining');
  await admin('user', 'add', username, '--password', LINK_OWNER_PASSWORD, '--name', 'Mia Machinist');
  await admin('plan', 'add', username, '--sku', 'UNLIMITED', '--name', 'Unlimited');
  const login = await fetch(`${e2eServer.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: LINK_OWNER_PASSWORD }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const step = new TextEncoder().encode(jobToStep(generateJob({ cabinets: 2, seed: 8 }), { shared: true }));
  const project = await uploadProject(e2eServer, accessToken, 'Drilled kitchen', 'job.stp', step);
  const get = async <T>(path: string) => (await (await fetch(`${e2eServer.url}/api/v1/projects/${project.id}/${path}`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as T;
  const list = await get<MachiningList>('machining.json');
  const tree = await get<{ nodes: Record<string, { rawName: string }> }>('parts');
  const side = list.panels.find((p) => p.name === 'Left side' && p.bores.length > 0)!;
  const onFaces = side.bores.filter((b) => b.face === 'top' || b.face === 'bottom').length;

  await logIn(page, username, LINK_OWNER_PASSWORD);
  await page.goto(`/projects/${project.id}?filter=${encodeURIComponent(side.cabinet)}&part=${encodeURIComponent(tree.nodes[side.node].rawName)}`);
  const sheet = page.getByRole('region', { name: 'Part information' });
  await sheet.getByRole('button', { name: 'Show the drawing' }).click();
  const drawing = sheet.getByTestId('panel-drawing');
  await expect(drawing).toHaveAttribute('aria-label', 'Drawing of Left side');
  await expect(drawing.locator('[data-role="hole"]')).toHaveCount(onFaces);
  await expect(drawing.locator('[data-role="groove"]')).toHaveCount(side.grooves.length);
  await expect(sheet.getByTestId('panel-operation-counts')).toHaveText(`${onFaces} holes, 0 cups, ${side.grooves.length} groove`);

  await page.goto(`/projects/${project.id}/workshop`);
  await page.getByRole('tab', { name: 'Machining' }).click();
  const tab = page.getByTestId('machining-tab');
  await expect(tab.getByTestId('machining-row')).toHaveCount(list.panels.length);
  const download = page.waitForEvent('download');
  await tab.getByRole('button', { name: 'Download the machining files (DXF, drilling CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Drilled kitchen machining.zip');
  const zip = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  expect(Object.keys(zip).filter((name) => name.endsWith('.dxf'))).toHaveLength(list.panels.length);
  expect(Object.keys(zip)).toContain('drilling.csv');
});
