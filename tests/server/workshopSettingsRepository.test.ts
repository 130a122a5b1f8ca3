/** The workshop settings repository on SQLite and PostgreSQL: defaults, one document per user, replaced whole, unreadable rows read as defaults. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WORKSHOP_SETTINGS, type WorkshopSettings } from '../../src/model/cutting/workshopSettings';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createUser } from '../../server/db/users';
import { findWorkshopSettings, saveWorkshopSettings } from '../../server/db/workshopSettings';
import { testDatabases, type TestDatabase } from './helpers/databases';

const dialects = await testDatabases();
const mine: WorkshopSettings = { ...DEFAULT_WORKSHOP_SETTINGS, currency: 'USD', labourPerPart: 3, hardware: [{ name: 'Hinge', price: 2 }] };

describe.each(dialects)('workshop settings on $name', ({ open }) => {
  let testDb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    testDb = await open();
    await migrateToLatest(testDb.handle);
    db = testDb.handle.db;
  });
  afterAll(() => testDb.dispose());

  it('reads the defaults, then what was saved, per user, replaced whole', async () => {
    const a = await createUser(db, { username: 'a@example.com', passwordHash: 'h', fullName: 'A', nowSeconds: 1 });
    const b = await createUser(db, { username: 'b@example.com', passwordHash: 'h', fullName: 'B', nowSeconds: 1 });
    expect(await findWorkshopSettings(db, a.id)).toEqual(DEFAULT_WORKSHOP_SETTINGS);
    await saveWorkshopSettings(db, a.id, mine, 10);
    expect(await findWorkshopSettings(db, a.id)).toEqual(mine);
    expect(await findWorkshopSettings(db, b.id)).toEqual(DEFAULT_WORKSHOP_SETTINGS);
    await saveWorkshopSettings(db, a.id, { ...mine, hardware: [] }, 11);
    expect((await findWorkshopSettings(db, a.id)).hardware).toEqual([]);
    await db.updateTable('workshop_settings').set({ settings: '{"version":7}' }).where('user_id', '=', a.id).execute();
    expect(await findWorkshopSettings(db, a.id)).toEqual(DEFAULT_WORKSHOP_SETTINGS);
  });
});
