/**
 * The machining files of an uploaded drilled job, over real HTTP after a real upload (WebSocket,
 * conversion threads, revision commit): the JSON lists every board with what the generator made
 * in it and no hardware; the zip's DXF files, read back with a DXF parser, hold the same
 * operations on the template's layers; the drilling CSV reads back with no formula cell in any
 * split; the drawing PDF opens and names every hole's position; a link sees them only where it
 * shows the parts list.
 */
import DxfParser from 'dxf-parser';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { pdfTexts } from '../helpers/pdfTexts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateJob, jobToStep } from '../../samples/realJob/job';
import type { Project } from '../../src/api/schemas';
import { LayerNamer } from '../../src/model/machining/dxfLayers';
import type { MachiningList } from '../../src/model/machining/machiningList';
import { cellsAs, formulaCells } from '../helpers/csvCells';
import { call } from './helpers/http';
import { addUser, type TestUser } from './helpers/projectFixtures';
import { lastMessage, secureToken, startUploadServer, upload, type UploadServer } from './helpers/uploads';

let server: UploadServer;
let owner: TestUser;
let project: Project;
let list: MachiningList;

const job = generateJob({ cabinets: 2, seed: 5 });

beforeAll(async () => {
  server = await startUploadServer();
  owner = await addUser(server, 'Mia Machinist');
  const outcome = await upload(server, {
    kind: 'create',
    secureToken: await secureToken(server, owner.token),
    projectName: 'Drilled job',
    fileName: 'job.stp',
    file: new TextEncoder().encode(jobToStep(job, { shared: true })),
  });
  const last = lastMessage(outcome);
  if (last?.type !== 'result') throw new Error(`upload failed: ${JSON.stringify(last)} ${outcome.failure}`);
  project = last.project;
  const res = await call(server.baseUrl, `/api/v1/projects/${project.id}/machining.json`, { token: owner.token });
  expect(res.status).toBe(200);
  list = res.json as MachiningList;
}, 180_000);
afterAll(() => server.close());

async function bytesOf(path: string, token?: string): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

const fmt = (mm: number) => String(Math.round(mm * 100) / 100);

describe('machining of an uploaded drilled job', () => {
  it('lists every board with its holes, cups and grooves read from the model, and no hardware', () => {
    expect(list.revision).toBe(1);
    const names = new Set(list.panels.map((p) => p.name));
    for (const hardware of ['Hinge', 'Leg', 'Handle', 'Shelf pin', 'Runner']) expect(names.has(hardware), hardware).toBe(false);
    expect(list.panels.every((p) => p.source === 'model')).toBe(true);
    // Carcass sides (drawer sides, thinner, are plain boards).
    const sides = list.panels.filter((p) => (p.name === 'Left side' || p.name === 'Right side') && p.thickness === 18);
    expect(sides.length).toBeGreaterThanOrEqual(4);
    for (const side of sides) {
      // Two rows of system holes at 32 mm pitch and the back's groove, all on the inner (reference) face.
      expect(side.bores.filter((b) => b.kind === 'hole' && b.face === 'top' && b.diameter === 5).length).toBeGreaterThanOrEqual(20);
      expect(side.grooves).toEqual([expect.objectContaining({ kind: 'groove', face: 'top', width: 8, depth: 8 })]);
    }
    const doors = list.panels.filter((p) => /door/i.test(p.name));
    expect(doors.length).toBeGreaterThan(0);
    for (const door of doors) expect(door.bores.filter((b) => b.kind === 'cup' && b.diameter === 35 && b.depth === 12.5)).toHaveLength(2);
    // Each panel is tied to the cabinet it sits in.
    expect(list.panels.every((p) => p.cabinet !== '' && p.cabinetNode !== null)).toBe(true);
  });

  it('writes one DXF per panel whose shapes, read back, are the operations on the template layers', async () => {
    const zip = await bytesOf(`/api/v1/projects/${project.id}/machining.zip`, owner.token);
    expect(zip.status).toBe(200);
    expect(zip.type).toBe('application/zip');
    const files = unzipSync(zip.bytes);
    const dxfNames = Object.keys(files).filter((n) => n.endsWith('.dxf'));
    expect(dxfNames).toHaveLength(list.panels.length);
    const namer = new LayerNamer();
    for (const panel of list.panels) {
      const name = dxfNames.find((n) => n.endsWith(` n${panel.node}.dxf`));
      expect(name, panel.name).toBeDefined();
      const dxf = new DxfParser().parseSync(new TextDecoder().decode(files[name!]))!;
      const entities = dxf.entities as unknown as Array<{ type: string; layer: string; center?: { x: number; y: number }; radius?: number; vertices?: Array<{ x: number; y: number }> }>;
      const circles = entities.filter((e) => e.type === 'CIRCLE').map((e) => `${e.layer}@${fmt(e.center!.x)},${fmt(e.center!.y)},r${fmt(e.radius!)}`);
      const expected = panel.bores.filter((b) => b.face === 'top' || b.face === 'bottom').map((b) => `${namer.bore(b)}@${fmt(b.x)},${fmt(b.y)},r${fmt(b.diameter / 2)}`);
      expect(circles.sort()).toEqual(expected.sort());
      const lines = entities.filter((e) => e.type === 'LINE').map((e) => e.layer);
      const edgeAndGrooves = [...panel.bores.filter((b) => b.face !== 'top' && b.face !== 'bottom').map((b) => namer.bore(b)), ...panel.grooves.map((g) => namer.groove(g))];
      expect(lines.sort()).toEqual(edgeAndGrooves.sort());
      const outline = entities.filter((e) => e.type === 'LWPOLYLINE');
      expect(outline).toHaveLength(1);
      expect(outline[0].layer).toBe(namer.outline(panel.thickness));
      expect(outline[0].vertices!.length).toBe(panel.outline.length);
    }
    // The sides' system holes are on the generic preset's drilling layer for 5 mm, 12 deep.
    expect(new TextDecoder().decode(files[dxfNames.find((n) => n.includes('Left side'))!])).toContain('DRILL_TOP_D5_Z12');
    expect(new TextDecoder().decode(files['README.txt'])).toContain('reference face');
  });

  it('writes a drilling CSV with one row per bore that no spreadsheet reads as a formula', async () => {
    const zip = unzipSync((await bytesOf(`/api/v1/projects/${project.id}/machining.zip`, owner.token)).bytes);
    const text = new TextDecoder().decode(files(zip)['drilling.csv']).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter(Boolean);
    const bores = list.panels.flatMap((p) => p.bores.map((b) => ({ p, b })));
    expect(lines.length).toBe(1 + bores.length);
    const rows = lines.slice(1).map((line) => cellsAs(line, ',', true));
    rows.forEach((cells, i) => {
      const { p, b } = bores[i];
      expect(cells).toEqual([p.name, p.cabinet, p.node, p.material, b.face, b.kind, fmt(b.x), fmt(b.y), fmt(b.z), fmt(b.diameter), fmt(b.depth), b.through ? 'yes' : 'no']);
    });
    expect(formulaCells(lines)).toEqual([]);
  });

  it('draws a panel as a PDF that names every hole position, in English and in French', async () => {
    const side = list.panels.find((p) => p.name === 'Left side' && p.bores.length > 0)!;
    for (const lang of ['en', 'fr']) {
      const pdf = await bytesOf(`/api/v1/projects/${project.id}/parts/${side.node}/drawing.pdf?lang=${lang}`, owner.token);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      const doc = await PDFDocument.load(pdf.bytes);
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
      const texts = pdfTexts(pdf.bytes);
      for (const bore of side.bores) {
        expect(texts, `${bore.x},${bore.y}`).toEqual(expect.arrayContaining([fmt(bore.x), fmt(bore.y)]));
      }
      expect(texts).toContain(lang === 'en' ? 'Hole' : 'Perçage');
    }
    const cabinet = await bytesOf(`/api/v1/projects/${project.id}/cabinets/${side.cabinetNode}/drawing.pdf`, owner.token);
    expect(cabinet.status).toBe(200);
    const pages = (await PDFDocument.load(cabinet.bytes)).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(list.panels.filter((p) => p.cabinetNode === side.cabinetNode).length);
    expect((await bytesOf(`/api/v1/projects/${project.id}/parts/999999/drawing.pdf`, owner.token)).status).toBe(404);
    expect((await bytesOf(`/api/v1/projects/${project.id}/parts/abc/drawing.pdf`, owner.token)).status).toBe(400);
  });

  it('answers a link only where it shows the parts list, and nobody else', async () => {
    expect((await bytesOf(`/api/v1/projects/${project.id}/machining.json`)).status).toBe(401);
    const stranger = await addUser(server, 'Stan Stranger');
    expect((await bytesOf(`/api/v1/projects/${project.id}/machining.json`, stranger.token)).status).toBe(404);
    const published = await call(server.baseUrl, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { isPublished: true } });
    expect(published.status).toBe(204);
    const key = project.accessKey;
    const setOption = (on: boolean) => call(server.baseUrl, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { shareOptions: { isPartsListAvailable: on } } });
    expect((await setOption(true)).status).toBe(204);
    const open = await call(server.baseUrl, `/api/v1/projects/accessKeys/${key}/machining.json`);
    expect(open.status).toBe(200);
    expect((open.json as MachiningList).panels).toHaveLength(list.panels.length);
    expect((await setOption(false)).status).toBe(204);
    expect((await call(server.baseUrl, `/api/v1/projects/accessKeys/${key}/machining.json`)).status).toBe(404);
    expect((await bytesOf(`/api/v1/projects/accessKeys/${key}/machining.zip`)).status).toBe(404);
  });
});

function files(zip: Record<string, Uint8Array>) {
  return zip;
}
