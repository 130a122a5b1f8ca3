/**
 * The workshop settings routes and the estimate: settings kept per owner and refused with a reason,
 * the estimate of a small job worked out by hand, its difference to the previous revision, and the
 * link's route open only with `isEstimateAvailable`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WORKSHOP_SETTINGS, type WorkshopSettings } from '../../src/model/cutting/workshopSettings';
import { estimateSchema } from '../../src/model/cutting/estimate';
import { ALL_SHARE_OPTIONS, apiErrorSchema } from '../../src/api/schemas';
import { cabinetGlb } from './helpers/namesGlb';
import { addProject, addRevision, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { SHARE_RATE_LIMIT: '0' } });
  owner = await addUser(server, 'Olivia Owner');
  other = await addUser(server, 'Oscar Other');
});
afterAll(() => server.close());

const settings: WorkshopSettings = {
  ...DEFAULT_WORKSHOP_SETTINGS,
  currency: 'CHF',
  defaultMaterial: { ...DEFAULT_WORKSHOP_SETTINGS.defaultMaterial, price: 40 },
  materials: [{ name: 'Oak veneer 19', sheetLength: 2500, sheetWidth: 1250, grain: true, kerf: 4, trim: 10, price: 30, priceUnit: 'm2' }],
  hardware: [{ name: 'Hinge', price: 2.5 }],
  labourPerPart: 10,
};

const leaves = ['Left side+720x18x560mm|Melamine white 18', 'Right side+720x18x560mm|Melamine white 18', 'Door+716x19x597mm|Oak veneer 19', 'Hinge+48x11,5x35mm|Clip top 110 deg', 'Hinge+48x11,5x35mm|Clip top 110 deg'];
const job = cabinetGlb('Base 1+720x560x600mm|Run A', leaves);

const put = (user: TestUser, body: unknown) => inject(server, '/api/v1/settings/workshop', { method: 'PUT', body, token: user.token });

describe('settings/workshop', () => {
  it('gives the defaults, keeps what the owner saves, and only for that owner', async () => {
    const first = await inject(server, '/api/v1/settings/workshop', { token: other.token });
    expect(first.json).toEqual(DEFAULT_WORKSHOP_SETTINGS);
    expect((await put(owner, settings)).status).toBe(200);
    expect((await inject(server, '/api/v1/settings/workshop', { token: owner.token })).json).toEqual(settings);
    expect((await inject(server, '/api/v1/settings/workshop', { token: other.token })).json).toEqual(DEFAULT_WORKSHOP_SETTINGS);
    expect((await inject(server, '/api/v1/settings/workshop')).status).toBe(401);
  });

  it.each([
    ['a negative kerf', { ...settings, defaultMaterial: { ...settings.defaultMaterial, kerf: -1 } }, 'invalid_request', /defaultMaterial\.kerf/],
    ['a currency that is no code', { ...settings, currency: 'euros' }, 'invalid_request', /currency/],
    ['an empty material name', { ...settings, materials: [{ ...settings.materials[0], name: '  ' }] }, 'invalid_request', /materials\.0\.name/],
    ['a trim that leaves no sheet', { ...settings, materials: [{ ...settings.materials[0], trim: 100, sheetWidth: 200 }] }, 'invalid_settings', /edge trim of "Oak veneer 19"/],
    ['a material listed twice', { ...settings, materials: [settings.materials[0], { ...settings.materials[0], name: 'OAK veneer 19' }] }, 'invalid_settings', /listed twice/],
  ])('refuses %s with a reason', async (_what, body, code, message) => {
    const res = await put(owner, body);
    expect(res.status).toBe(400);
    const error = apiErrorSchema.parse(res.json);
    expect(error.error).toBe(code);
    expect(error.message).toMatch(message);
  });
});

describe('estimate', () => {
  it('prices a small job as worked out by hand, with the difference to the previous revision', async () => {
    expect((await put(owner, settings)).status).toBe(200);
    const project = await addProject(server, owner.user.id, { glb: job });
    const res = await inject(server, `/api/v1/projects/${project.id}/estimate`, { token: owner.token });
    expect(res.status).toBe(200);
    const estimate = estimateSchema.parse(res.json);
    // Melamine: 1 sheet x 40; oak: 2500 x 1250 mm = 3.125 m² x 30 = 93.75; hinges 2 x 2.50; labour 3 parts x 10.
    expect(estimate.total).toBe(40 + 93.75 + 5 + 30);
    expect(estimate.currency).toBe('CHF');
    expect(estimate.previous).toBeNull();
    // The next revision adds a shelf (same melamine sheet) and a third hinge: + 2.50 + 10.
    const next = await addRevision(server, project, cabinetGlb('Base 1+720x560x600mm|Run A', [...leaves, 'Shelf+560x18x500mm|Melamine white 18', 'Hinge+48x11,5x35mm|Clip top 110 deg']));
    const after = estimateSchema.parse((await inject(server, `/api/v1/projects/${next.id}/estimate`, { token: owner.token })).json);
    expect(after.total).toBe(168.75 + 12.5);
    expect(after.previous).toEqual({ revision: project.revisionNumber, total: 168.75, difference: 12.5 });
  });

  it('is refused on a link without isEstimateAvailable, like an unknown link, and answered with it', async () => {
    const project = await addProject(server, owner.user.id, { glb: job, published: true, shareOptions: { ...ALL_SHARE_OPTIONS, isEstimateAvailable: false, isOptionsAvailable: false } });
    const off = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/estimate`);
    expect(off.status).toBe(404);
    const unknown = await inject(server, `/api/v1/projects/accessKeys/Zz9${project.accessKey.slice(3)}/estimate`);
    expect(off.json).toEqual(unknown.json);
    const patch = await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { shareOptions: { isEstimateAvailable: true } }, token: owner.token });
    expect(patch.status).toBe(204);
    const on = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/estimate`);
    expect(on.status).toBe(200);
    expect(estimateSchema.parse(on.json).total).toBe(168.75);
    // Another user's token does not open the owner's route.
    expect((await inject(server, `/api/v1/projects/${project.id}/estimate`, { token: other.token })).status).toBe(404);
  });
});
