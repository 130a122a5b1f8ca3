/**
 * The client's quote over the real server and database: options refused with a reason (a price
 * that is not a number, a group bound to no part, a name given twice); the estimate of a selection,
 * whose option lines are the parts list's areas and counts times the choice's price (worked out here
 * from the parts list CSV, not from the pricing code); an approval that keeps the choices and their
 * total, and a later change of prices or options that asks for approval again; the quote PDF;
 * choices' textures, taken re-encoded and refused with a reason.
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { pdfTexts } from '../helpers/pdfTexts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import { linkQuoteSchema, projectQuoteSchema, uploadedTextureSchema } from '../../src/api/quoteSchemas';
import { estimateSchema } from '../../src/model/cutting/estimate';
import { DEFAULT_WORKSHOP_SETTINGS, type WorkshopSettings } from '../../src/model/cutting/workshopSettings';
import type { QuoteOptions } from '../../src/model/quote/quoteOptions';
import { cabinetGlb } from './helpers/namesGlb';
import { addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';

type Project = Awaited<ReturnType<typeof addProject>>;
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { SHARE_RATE_LIMIT: '0' } });
  owner = await addUser(server, 'Quentin Quote');
  expect((await inject(server, '/api/v1/settings/workshop', { method: 'PUT', body: settings, token: owner.token })).status).toBe(200);
});
afterAll(() => server.close());

const settings: WorkshopSettings = {
  ...DEFAULT_WORKSHOP_SETTINGS,
  currency: 'EUR',
  defaultMaterial: { ...DEFAULT_WORKSHOP_SETTINGS.defaultMaterial, price: 40 },
  materials: [
    { name: 'Oak veneer 19', sheetLength: 2500, sheetWidth: 1250, grain: true, kerf: 4, trim: 10, price: 30, priceUnit: 'm2' },
    { name: 'White lacquer MDF 19', sheetLength: 2800, sheetWidth: 2070, grain: false, kerf: 4, trim: 10, price: 55, priceUnit: 'sheet' },
  ],
  hardware: [{ name: 'Hinge', price: 2.5 }, { name: 'Bar handle', price: 6 }, { name: 'Brass knob', price: 9 }],
  labourPerPart: 10,
};

const leaves = [
  'Left side+720x18x560mm|Melamine white 18',
  'Right side+720x18x560mm|Melamine white 18',
  'Door+716x19x297mm|Oak veneer 19',
  'Door+716x19x297mm|Oak veneer 19',
  'Drawer front+140x19x597mm|Oak veneer 19',
  'Bar handle+160x30x12mm|Steel',
  'Bar handle+160x30x12mm|Steel',
  'Hinge+48x11,5x35mm|Clip top 110 deg',
  'Hinge+48x11,5x35mm|Clip top 110 deg',
];
const job = cabinetGlb('Base 1+720x560x600mm|Run A', leaves);

const options: QuoteOptions = {
  validityDays: 30,
  groups: [
    {
      id: 'fronts',
      name: 'Fronts',
      bind: { kind: 'material', name: 'Oak veneer 19' },
      choices: [
        { id: 'oak', name: 'Oak veneer', colour: '#b08850', board: '', price: { kind: 'perSquareMetre', amount: 20 } },
        { id: 'white', name: 'White lacquer', colour: '#f2f1ec', board: 'White lacquer MDF 19', price: { kind: 'perSquareMetre', amount: 65 } },
      ],
    },
    {
      id: 'handles',
      name: 'Handles',
      bind: { kind: 'hardware', name: 'bar HANDLE' },
      choices: [
        { id: 'steel', name: 'Steel bar', colour: '#9a9a9a', board: '', price: { kind: 'fixed', amount: 0 } },
        { id: 'brass', name: 'Brass knob', colour: '#c9a227', board: 'Brass knob', price: { kind: 'perPart', amount: 4 } },
      ],
    },
  ],
};

const withOptions = { ...ALL_SHARE_OPTIONS, isOptionsAvailable: true, isEstimateAvailable: false, isApprovalAvailable: true };
const putOptions = (project: Project, body: unknown) => inject(server, `/api/v1/projects/${project.id}/options`, { method: 'PUT', body, token: owner.token });

/** Rows of the parts list CSV as objects (no quoted commas in this job). */
async function partsCsv(project: Project): Promise<Record<string, string>[]> {
  const res = await fetch(`${server.baseUrl}/api/v1/projects/${project.id}/parts.csv?unit=mm`, { headers: { authorization: `Bearer ${owner.token}` } });
  const [header, ...rows] = (await res.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  const columns = header.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, i) => [columns[i], cell.replace(/^"|"$/g, '')])));
}

describe('project options', () => {
  it.each([
    ['a price that is not a number', { ...options, groups: [{ ...options.groups[0], choices: [{ ...options.groups[0].choices[0], price: { kind: 'perSquareMetre', amount: 'twelve' } }] }] }, 'invalid_request', /choices\.0\.price\.amount/],
    ['a group bound to no part', { ...options, groups: [{ ...options.groups[0], bind: { kind: 'material', name: 'Walnut 19' } }] }, 'option_binds_nothing', /“Fronts” is bound to no part/],
    ['two groups with one id', { ...options, groups: [options.groups[0], { ...options.groups[0], name: 'Fronts again' }] }, 'invalid_quote_options', /Two groups/],
    ['a colour that is not one', { ...options, groups: [{ ...options.groups[0], choices: [{ ...options.groups[0].choices[0], colour: 'white' }] }] }, 'invalid_request', /colour/],
  ])('refuses %s with a reason, keeping what was saved', async (_what, body, code, message) => {
    const project = await addProject(server, owner.user.id, { glb: job });
    expect((await putOptions(project, options)).status).toBe(200);
    const res = await putOptions(project, body);
    expect(res.status).toBe(400);
    const error = apiErrorSchema.parse(res.json);
    expect(error.error).toBe(code);
    expect(error.message).toMatch(message);
    const kept = projectQuoteSchema.parse((await inject(server, `/api/v1/projects/${project.id}/options`, { token: owner.token })).json);
    expect(kept.options).toEqual(options);
  });

  it('tells the owner the materials and hardware the model binds, with their counts', async () => {
    const project = await addProject(server, owner.user.id, { glb: job });
    const quote = projectQuoteSchema.parse((await inject(server, `/api/v1/projects/${project.id}/options`, { token: owner.token })).json);
    expect(quote.options.groups).toEqual([]);
    expect(quote.materials).toEqual([
      { name: 'Oak veneer 19', parts: 3 },
      { name: 'Melamine white 18', parts: 2 },
    ]);
    expect(quote.hardware).toEqual([
      { name: 'Bar handle', quantity: 2 },
      { name: 'Hinge', quantity: 2 },
    ]);
    expect(quote.currency).toBe('EUR');
  });

  it('are offered on a link only with isOptionsAvailable, like an unknown link otherwise', async () => {
    const project = await addProject(server, owner.user.id, { glb: job, published: true, shareOptions: { ...ALL_SHARE_OPTIONS, isOptionsAvailable: false } });
    expect((await putOptions(project, options)).status).toBe(200);
    const off = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/options`);
    expect(off.status).toBe(404);
    expect((await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { shareOptions: { isOptionsAvailable: true } }, token: owner.token })).status).toBe(204);
    const on = linkQuoteSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/options`)).json);
    expect(on.options.groups.map((g) => g.id)).toEqual(['fronts', 'handles']);
    // The nodes each group colours: the job's nodes are the cabinet (0) and the leaves in order (1...).
    expect(on.nodes).toEqual({ fronts: ['3', '4', '5'], handles: ['6', '7'] });
  });
});

describe('textures of choices', () => {
  /** A wood-brown image of 1024 x 1024 with a darker band (its mean colour worked out here). */
  const grain = () =>
    sharp({ create: { width: 1024, height: 1024, channels: 3, background: { r: 176, g: 136, b: 80 } } })
      .composite([{ input: { create: { width: 1024, height: 256, channels: 3, background: { r: 96, g: 64, b: 32 } } }, top: 0, left: 0 }])
      .png()
      .toBuffer();
  const upload = (project: Project, payload: Buffer, contentType = 'image/png') =>
    inject(server, `/api/v1/projects/${project.id}/options/textures`, { method: 'PUT', payload, contentType, token: owner.token });

  it('takes an image, keeps it as a JPEG of at most 512 pixels with its mean colour, and serves it to the owner and to a link offering options', async () => {
    const project = await addProject(server, owner.user.id, { glb: job, published: true, shareOptions: withOptions });
    const res = await upload(project, await grain());
    expect(res.status).toBe(201);
    const uploaded = uploadedTextureSchema.parse(res.json);
    // 3/4 of (176,136,80) and 1/4 of (96,64,32), give or take the JPEG's rounding.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(uploaded.colour.slice(i, i + 2), 16));
    expect(Math.abs(r - 156)).toBeLessThanOrEqual(3);
    expect(Math.abs(g - 118)).toBeLessThanOrEqual(3);
    expect(Math.abs(b - 68)).toBeLessThanOrEqual(3);
    expect(uploaded.url).toBe(`/api/v1/projects/${project.id}/options/textures/${uploaded.texture}`);
    const owned = await inject(server, uploaded.url);
    expect(owned.status).toBe(200);
    expect(owned.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(owned.raw).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    const textured: QuoteOptions = { ...options, groups: [{ ...options.groups[0], choices: [options.groups[0].choices[0], { ...options.groups[0].choices[1], texture: uploaded.texture }] }, options.groups[1]] };
    expect((await putOptions(project, textured)).status).toBe(200);
    const offered = linkQuoteSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/options`)).json);
    expect(offered.options.groups[0].choices[1].texture).toBe(uploaded.texture);
    expect(offered.textures).toEqual({ [uploaded.texture]: `/api/v1/projects/accessKeys/${project.accessKey}/options/textures/${uploaded.texture}` });
    const ownerView = projectQuoteSchema.parse((await inject(server, `/api/v1/projects/${project.id}/options`, { token: owner.token })).json);
    expect(ownerView.textures).toEqual({ [uploaded.texture]: uploaded.url });
    const linked = await inject(server, offered.textures[uploaded.texture]);
    expect(linked.status).toBe(200);
    expect(Buffer.compare(linked.raw, owned.raw)).toBe(0);
    expect((await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { shareOptions: { isOptionsAvailable: false } }, token: owner.token })).status).toBe(204);
    expect((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/options/textures/${uploaded.texture}`)).status).toBe(404);
    // Another project's id with this texture: nothing.
    const other = await addProject(server, owner.user.id, { glb: job });
    expect((await inject(server, `/api/v1/projects/${other.id}/options/textures/${uploaded.texture}`)).status).toBe(404);
  });

  it.each([
    ['over the size limit', () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2 * 1024 * 1024)]), 413, 'payload_too_large', /at most 2 MB/],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 415, 'unsupported_media_type', /PNG, JPEG or WebP/],
    ['a GIF (not a texture format)', () => Buffer.from('474946383961010001000000002c00000000010001000002003b', 'hex'), 415, 'unsupported_media_type', /PNG, JPEG or WebP/],
    ['a broken PNG', () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]), 400, 'invalid_image', /could not be read/],
  ])('refuses %s with a reason', async (_what, bytes, status, code, message) => {
    const project = await addProject(server, owner.user.id, { glb: job });
    const res = await upload(project, bytes());
    expect(res.status).toBe(status);
    const error = apiErrorSchema.parse(res.json);
    expect(error.error).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('refuses options naming a texture not uploaded to the project, keeping what was saved', async () => {
    const project = await addProject(server, owner.user.id, { glb: job });
    expect((await putOptions(project, options)).status).toBe(200);
    const res = await putOptions(project, { ...options, groups: [{ ...options.groups[0], choices: [{ ...options.groups[0].choices[0], texture: 'a'.repeat(32) }] }] });
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.json)).toMatchObject({ error: 'unknown_texture', message: expect.stringMatching(/upload it again/) });
    expect(projectQuoteSchema.parse((await inject(server, `/api/v1/projects/${project.id}/options`, { token: owner.token })).json).options).toEqual(options);
  });

  it('lets no one else upload to a project', async () => {
    const project = await addProject(server, owner.user.id, { glb: job });
    const stranger = await addUser(server, 'Stranger Texture');
    const res = await inject(server, `/api/v1/projects/${project.id}/options/textures`, { method: 'PUT', payload: await grain(), contentType: 'image/png', token: stranger.token });
    expect(res.status).toBe(404);
    expect((await inject(server, `/api/v1/projects/${project.id}/options/textures`, { method: 'PUT', payload: await grain(), contentType: 'image/png' })).status).toBe(401);
  });
});

describe("the workshop's default options", () => {
  it('are offered by a project with none of its own (the groups its model binds), kept by a PUT of the prices, and dropped by its own options', async () => {
    const maker = await addUser(server, 'Dana Defaults');
    expect((await inject(server, '/api/v1/settings/workshop', { method: 'PUT', body: settings, token: maker.token })).status).toBe(200);
    const walnut = { ...options.groups[0], id: 'tops', name: 'Tops', bind: { kind: 'material' as const, name: 'Walnut 19' } };
    const textured = { ...options.groups[0], choices: [options.groups[0].choices[0], { ...options.groups[0].choices[1], texture: 'b'.repeat(32) }] };
    const saved = await inject(server, '/api/v1/settings/workshop/options', { method: 'PUT', body: { ...options, groups: [textured, options.groups[1], walnut] }, token: maker.token });
    expect(saved.status).toBe(200);
    // Textures belong to a project: the defaults keep none.
    expect((saved.json as QuoteOptions).groups[0].choices[1]).toEqual(options.groups[0].choices[1]);

    const project = await addProject(server, maker.user.id, { glb: job, published: true, shareOptions: withOptions });
    const ownerView = projectQuoteSchema.parse((await inject(server, `/api/v1/projects/${project.id}/options`, { token: maker.token })).json);
    expect(ownerView.defaults).toBe(true);
    expect(ownerView.options.groups.map((g) => g.id)).toEqual(['fronts', 'handles', 'tops']);
    // The link offers the groups this model binds (no walnut here), and prices them.
    const offered = linkQuoteSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/options`)).json);
    expect(offered.options.groups.map((g) => g.id)).toEqual(['fronts', 'handles']);
    const priced = estimateSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/estimate?options=handles.brass`)).json);
    expect(priced.options.find((o) => o.group === 'handles')).toMatchObject({ choice: 'brass', quantity: 2, amount: 8 });

    // A PUT of the prices (an editor that never saw the defaults) keeps them.
    expect((await inject(server, '/api/v1/settings/workshop', { method: 'PUT', body: { ...settings, labourPerPart: 12 }, token: maker.token })).status).toBe(200);
    expect(linkQuoteSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/options`)).json).options.groups).toHaveLength(2);

    // Its own options replace them.
    const own = { ...options, groups: [options.groups[1]] };
    expect((await inject(server, `/api/v1/projects/${project.id}/options`, { method: 'PUT', body: own, token: maker.token })).status).toBe(200);
    const now = projectQuoteSchema.parse((await inject(server, `/api/v1/projects/${project.id}/options`, { token: maker.token })).json);
    expect(now.defaults).toBe(false);
    expect(now.options).toEqual(own);

    // Removed: a project without options of its own offers none.
    const other = await addProject(server, maker.user.id, { glb: job, published: true, shareOptions: withOptions });
    expect((await inject(server, '/api/v1/settings/workshop/options', { method: 'PUT', body: { groups: [], validityDays: 30 }, token: maker.token })).status).toBe(200);
    expect(linkQuoteSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${other.accessKey}/options`)).json).options.groups).toEqual([]);
  });

  it('asks again for an approval given on the defaults when a change of the defaults moves its total', async () => {
    const maker = await addUser(server, 'Dora Defaults');
    expect((await inject(server, '/api/v1/settings/workshop', { method: 'PUT', body: settings, token: maker.token })).status).toBe(200);
    expect((await inject(server, '/api/v1/settings/workshop/options', { method: 'PUT', body: options, token: maker.token })).status).toBe(200);
    const project = await addProject(server, maker.user.id, { glb: job, published: true, stage: 'approval', shareOptions: withOptions });
    const approved = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/approval`, { method: 'POST', body: { name: 'Clara Client', revisionNumber: 1, options: { handles: 'brass' } } });
    expect(approved.status).toBe(200);
    const read = async () => (await inject(server, `/api/v1/projects/${project.id}`, { token: maker.token })).json as { currentStage: string; approval: unknown };
    expect((await read()).currentStage).toBe('ready');
    // The same defaults again: nothing moves.
    expect((await inject(server, '/api/v1/settings/workshop/options', { method: 'PUT', body: options, token: maker.token })).status).toBe(200);
    expect((await read()).currentStage).toBe('ready');
    const dearer = { ...options, groups: [options.groups[0], { ...options.groups[1], choices: [options.groups[1].choices[0], { ...options.groups[1].choices[1], price: { kind: 'perPart' as const, amount: 5 } }] }] };
    expect((await inject(server, '/api/v1/settings/workshop/options', { method: 'PUT', body: dearer, token: maker.token })).status).toBe(200);
    const after = await read();
    expect(after.currentStage).toBe('approval');
    expect(after.approval).toBeNull();
  });

  it('refuses two groups with one id with a reason', async () => {
    const res = await inject(server, '/api/v1/settings/workshop/options', { method: 'PUT', body: { ...options, groups: [options.groups[0], options.groups[0]] }, token: owner.token });
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.json)).toMatchObject({ error: 'invalid_quote_options', message: expect.stringMatching(/Two groups/) });
  });
});

describe('the estimate of a selection', () => {
  it('prices each group on the parts the parts list gives, and the chosen boards at the workshop prices', async () => {
    const project = await addProject(server, owner.user.id, { glb: job, published: true, shareOptions: withOptions });
    expect((await putOptions(project, options)).status).toBe(200);
    const rows = await partsCsv(project);
    const oak = rows.filter((r) => r.info === 'Oak veneer 19');
    const oakArea = Math.round(oak.reduce((sum, r) => sum + (Number(r.quantity) * Number(r.length) * Number(r.width)) / 1e6, 0) * 1000) / 1000;
    expect(oakArea).toBeCloseTo((2 * 716 * 297 + 140 * 597) / 1e6, 3);

    const own = estimateSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/estimate`)).json);
    expect(own.options.map((o) => [o.group, o.choice, o.quantity, o.amount, o.difference])).toEqual([
      ['fronts', 'oak', oakArea, Math.round(oakArea * 20 * 100) / 100, 0],
      ['handles', 'steel', 1, 0, 0],
    ]);
    const chosen = estimateSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/estimate?options=fronts.white,handles.brass`)).json);
    const fronts = chosen.options.find((o) => o.group === 'fronts')!;
    expect(fronts).toMatchObject({ choice: 'white', unit: 'm2', quantity: oakArea, unitPrice: 65, amount: Math.round(oakArea * 65 * 100) / 100 });
    expect(fronts.difference).toBeCloseTo(oakArea * 45, 2);
    expect(chosen.options.find((o) => o.group === 'handles')).toMatchObject({ choice: 'brass', unit: 'part', quantity: 2, amount: 8 });
    // The fronts are cut from the chosen board (a sheet of lacquered MDF, 55), no longer oak; the handles bought are the knobs.
    expect(chosen.lines.some((l) => l.kind === 'board' && l.name === 'Oak veneer 19')).toBe(false);
    expect(chosen.lines.find((l) => l.kind === 'board' && l.name === 'White lacquer MDF 19')).toMatchObject({ quantity: 1, amount: 55 });
    expect(chosen.lines.find((l) => l.kind === 'hardware' && l.name === 'Brass knob')).toMatchObject({ quantity: 2, amount: 18 });
    const sum = [...chosen.lines, ...chosen.options].reduce((s, l) => s + l.amount, 0);
    expect(chosen.total).toBeCloseTo(sum, 2);
    expect(chosen.total).not.toBe(own.total);
    // An unknown choice counts as the model's own.
    const unknown = estimateSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/estimate?options=fronts.walnut`)).json);
    expect(unknown.total).toBe(own.total);
  });
});

describe('approval of a selection', () => {
  const approve = (project: Project, body: unknown) => inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/approval`, { method: 'POST', body });
  const ownerProject = async (project: Project) => (await inject(server, `/api/v1/projects/${project.id}`, { token: owner.token })).json as Project;

  it('keeps the choices and the total, and a change of prices afterwards asks for approval again', async () => {
    const project = await addProject(server, owner.user.id, { glb: job, published: true, stage: 'approval', shareOptions: withOptions });
    expect((await putOptions(project, options)).status).toBe(200);
    const estimate = estimateSchema.parse((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/estimate?options=fronts.white`)).json);
    const res = await approve(project, { name: 'Clara Client', revisionNumber: 1, options: { fronts: 'white' } });
    expect(res.status).toBe(200);
    const approved = await ownerProject(project);
    expect(approved.currentStage).toBe('ready');
    expect(approved.approval?.quote).toEqual({
      choices: { fronts: 'white' },
      names: [
        { group: 'Fronts', choice: 'White lacquer' },
        { group: 'Handles', choice: 'Steel bar' },
      ],
      total: estimate.total,
      currency: 'EUR',
    });
    const decisions = (await inject(server, `/api/v1/projects/${project.id}/decisions`, { token: owner.token })).json as { quote: unknown }[];
    expect(decisions[0].quote).toEqual(approved.approval?.quote);

    // Prices that leave this total alone keep the approval...
    const unrelated = { ...settings, hardware: [...settings.hardware, { name: 'Leg', price: 3 }] };
    expect((await inject(server, '/api/v1/settings/workshop', { method: 'PUT', body: unrelated, token: owner.token })).status).toBe(200);
    expect((await ownerProject(project)).currentStage).toBe('ready');
    // ...a price that changes it asks for approval again.
    const dearer = { ...unrelated, labourPerPart: 12 };
    expect((await inject(server, '/api/v1/settings/workshop', { method: 'PUT', body: dearer, token: owner.token })).status).toBe(200);
    const reopened = await ownerProject(project);
    expect(reopened.currentStage).toBe('approval');
    expect(reopened.approval).toBeNull();
    expect((await inject(server, '/api/v1/settings/workshop', { method: 'PUT', body: settings, token: owner.token })).status).toBe(200);
  });

  it('gives the workshop’s parts list and machining the boards and hardware of the approved choices', async () => {
    const project = await addProject(server, owner.user.id, { glb: job, published: true, stage: 'approval', shareOptions: withOptions });
    expect((await putOptions(project, options)).status).toBe(200);
    const before = await partsCsv(project);
    expect(before.filter((r) => r.info === 'Oak veneer 19').length).toBeGreaterThan(0);
    expect((await approve(project, { name: 'Clara Client', revisionNumber: 1, options: { fronts: 'white', handles: 'brass' } })).status).toBe(200);
    const after = await partsCsv(project);
    // Every oak front is now the lacquered board, with its size kept; the bar handles are the chosen knobs.
    expect(after.filter((r) => r.info === 'Oak veneer 19')).toEqual([]);
    const white = after.filter((r) => r.info === 'White lacquer MDF 19');
    expect(white.map((r) => [r.part, r.length, r.width, r.quantity])).toEqual(before.filter((r) => r.info === 'Oak veneer 19').map((r) => [r.part, r.length, r.width, r.quantity]));
    expect(after.some((r) => r.part === 'Brass knob')).toBe(true);
    expect(after.some((r) => r.part === 'Bar handle')).toBe(false);
    const machining = (await inject(server, `/api/v1/projects/${project.id}/machining.json`, { token: owner.token })).json as { panels: { name: string; material: string }[] };
    expect(machining.panels.filter((p) => p.name === 'Door' || p.name === 'Drawer front').map((p) => p.material)).toEqual(['White lacquer MDF 19', 'White lacquer MDF 19', 'White lacquer MDF 19']);
    // The estimate still prices selections from the model as drawn.
    const own = estimateSchema.parse((await inject(server, `/api/v1/projects/${project.id}/estimate`, { token: owner.token })).json);
    expect(own.lines.some((l) => l.kind === 'board' && l.name === 'Oak veneer 19')).toBe(true);
  });

  it('asks for approval again when the owner changes the approved choice’s price', async () => {
    const project = await addProject(server, owner.user.id, { glb: job, published: true, stage: 'approval', shareOptions: withOptions });
    expect((await putOptions(project, options)).status).toBe(200);
    expect((await approve(project, { name: 'Clara Client', revisionNumber: 1, options: { handles: 'brass' } })).status).toBe(200);
    // Another group's unchosen choice: the approved total holds.
    const otherPrice = { ...options, groups: [{ ...options.groups[0], choices: [options.groups[0].choices[0], { ...options.groups[0].choices[1], price: { kind: 'perSquareMetre' as const, amount: 70 } }] }, options.groups[1]] };
    expect((await putOptions(project, otherPrice)).status).toBe(200);
    expect((await ownerProject(project)).currentStage).toBe('ready');
    const dearer = { ...otherPrice, groups: [otherPrice.groups[0], { ...options.groups[1], choices: [options.groups[1].choices[0], { ...options.groups[1].choices[1], price: { kind: 'perPart' as const, amount: 5 } }] }] };
    expect((await putOptions(project, dearer)).status).toBe(200);
    expect((await ownerProject(project)).currentStage).toBe('approval');
  });

  it('refuses a choice the link does not offer (the options changed)', async () => {
    const project = await addProject(server, owner.user.id, { glb: job, published: true, stage: 'approval', shareOptions: withOptions });
    expect((await putOptions(project, options)).status).toBe(200);
    const res = await approve(project, { name: 'Clara Client', revisionNumber: 1, options: { fronts: 'walnut' } });
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(res.json).error).toBe('options_changed');
    expect((await ownerProject(project)).currentStage).toBe('approval');
  });
});

describe('quote.pdf', () => {
  it('opens, names the options chosen and carries the total, in English and in French', async () => {
    const project = await addProject(server, owner.user.id, { glb: job, published: true, shareOptions: withOptions, name: 'Kitchen Dupont' });
    expect((await putOptions(project, options)).status).toBe(200);
    const estimate = estimateSchema.parse((await inject(server, `/api/v1/projects/${project.id}/estimate?options=fronts.white`, { token: owner.token })).json);
    const res = await fetch(`${server.baseUrl}/api/v1/projects/accessKeys/${project.accessKey}/quote.pdf?options=fronts.white`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const texts = pdfTexts(bytes);
    const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(estimate.total);
    expect(texts).toContain(money.replace('€', '\x80'));
    expect(texts).toContain('Fronts: White lacquer');
    expect(texts.some((t) => t.startsWith('Quote: Kitchen Dupont'))).toBe(true);
    const fr = await fetch(`${server.baseUrl}/api/v1/projects/${project.id}/quote.pdf?options=fronts.white&lang=fr`, { headers: { authorization: `Bearer ${owner.token}` } });
    const frTexts = pdfTexts(new Uint8Array(await fr.arrayBuffer()));
    expect(frTexts.some((t) => t.startsWith('Devis: Kitchen Dupont'))).toBe(true);
    expect(frTexts).toContain('Options choisies');
  });

  it('is refused on a link that shows neither the estimate nor the options', async () => {
    const project = await addProject(server, owner.user.id, { glb: job, published: true, shareOptions: { ...ALL_SHARE_OPTIONS, isEstimateAvailable: false, isOptionsAvailable: false } });
    expect((await fetch(`${server.baseUrl}/api/v1/projects/accessKeys/${project.accessKey}/quote.pdf`)).status).toBe(404);
  });
});
