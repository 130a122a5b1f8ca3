import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, loginResponseSchema, subscriptionPlanListSchema } from '../../src/api/schemas';
import { addPlan } from '../../server/db/plans';
import { DAY_SECONDS, toSeconds } from '../../server/domain/clock';
import { createAccount } from './helpers/accounts';
import { inject } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let token: string;
let userId: number;

beforeAll(async () => {
  server = await startTestServer();
  const user = await createAccount(server.database.db, { username: 'sam@example.com', password: 'sam-password', nowMs: server.clock() });
  userId = user.id;
  token = await server.app.services.accessTokens.sign(user.id);
});
afterAll(() => server.close());

const login = async () =>
  loginResponseSchema.parse(
    (await inject(server, '/api/v1/auth/login', { body: { username: 'sam@example.com', password: 'sam-password' } })).json,
  );
const patchSettings = (body: unknown, auth = token) => inject(server, '/api/v1/settings', { method: 'PATCH', body, token: auth });

describe('PATCH settings', () => {
  it('stores language and unit, which the next login answer carries', async () => {
    expect((await login()).settings).toEqual({});
    expect((await patchSettings({ preferredDisplayLanguage: 'fr' })).status).toBe(204);
    expect((await login()).settings).toEqual({ preferredDisplayLanguage: 'fr' });
    expect((await patchSettings({ preferredDistanceUnit: 'in' })).status).toBe(204);
    expect((await patchSettings({ preferredDisplayLanguage: 'en', preferredDistanceUnit: 'mm' })).status).toBe(204);
    expect((await login()).settings).toEqual({ preferredDisplayLanguage: 'en', preferredDistanceUnit: 'mm' });
  });

  it('refuses anything else with 400, and anonymous callers with 401', async () => {
    for (const body of [
      { preferredDisplayLanguage: 'de' },
      { preferredDistanceUnit: 'cm' },
      { preferredDisplayLanguage: null },
      { theme: 'light' },
      { preferredDisplayLanguage: 'fr', extra: 1 },
      {},
      [],
      'fr',
    ]) {
      const res = await patchSettings(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      apiErrorSchema.parse(res.json);
    }
    expect((await login()).settings).toEqual({ preferredDisplayLanguage: 'en', preferredDistanceUnit: 'mm' });
    expect((await inject(server, '/api/v1/settings', { method: 'PATCH', body: { preferredDistanceUnit: 'in' } })).status).toBe(401);
  });

  it('stores the fraction of an inch (16, 32 or 64) with the account: none until chosen, then in every login answer; anything else refused', async () => {
    const other = await createAccount(server.database.db, { username: 'ina@example.com', password: 'ina-password', nowMs: server.clock() });
    const auth = await server.app.services.accessTokens.sign(other.id);
    const loginIna = async () => loginResponseSchema.parse((await inject(server, '/api/v1/auth/login', { body: { username: 'ina@example.com', password: 'ina-password' } })).json);
    expect((await loginIna()).settings).toEqual({});
    const [row] = await server.database.db.selectFrom('users').select('preferred_inch_fraction').where('id', '=', other.id).execute();
    expect(row.preferred_inch_fraction).toBeNull();
    for (const fraction of [32, 64, 16]) {
      expect((await patchSettings({ preferredDistanceUnit: 'in', preferredInchFraction: fraction }, auth)).status).toBe(204);
      expect((await loginIna()).settings).toEqual({ preferredDistanceUnit: 'in', preferredInchFraction: fraction });
    }
    expect((await patchSettings({ preferredInchFraction: 32 }, auth)).status).toBe(204);
    for (const body of [{ preferredInchFraction: 8 }, { preferredInchFraction: '32' }, { preferredInchFraction: null }, { preferredInchFraction: 128 }]) {
      expect((await patchSettings(body, auth)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await loginIna()).settings).toEqual({ preferredDistanceUnit: 'in', preferredInchFraction: 32 });
    // Another account's settings are not touched.
    expect((await login()).settings).toEqual({ preferredDisplayLanguage: 'en', preferredDistanceUnit: 'mm' });
  });
});

describe('GET subscriptionPlans/active', () => {
  it('lists the caller’s unexpired plans with the plan fields of SPEC §3', async () => {
    const now = toSeconds(server.clock());
    await addPlan(server.database.db, {
      userId,
      sku: 'UNLIMITED',
      name: 'Unlimited',
      totalCredits: 0,
      maxUpdatePerCredit: 0,
      expirationDate: now + 90 * DAY_SECONDS,
      nowSeconds: now,
    });
    await addPlan(server.database.db, {
      userId,
      sku: 'OLD',
      name: 'Expired',
      totalCredits: 9,
      maxUpdatePerCredit: 1,
      expirationDate: now - 1,
      nowSeconds: now,
    });
    const res = await inject(server, '/api/v1/subscriptionPlans/active', { token });
    expect(res.status).toBe(200);
    const plans = subscriptionPlanListSchema.parse(res.json);
    expect(plans.map((p) => p.sku)).toEqual(['PRO', 'UNLIMITED']);
    expect(plans[0]).toEqual({
      sku: 'PRO',
      name: 'Pro',
      consumedCreditCount: 0,
      totalCreditCount: 5,
      maxUpdatePerCredit: 3,
      expirationDate: new Date((now + 30 * DAY_SECONDS) * 1000),
    });
    expect((await inject(server, '/api/v1/subscriptionPlans/active')).status).toBe(401);
  });
});
