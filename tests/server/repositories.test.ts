import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { addPlan, consumeCredit, listActivePlans, listPlans } from '../../server/db/plans';
import {
  deleteExpiredRefreshTokens,
  deleteExpiredSecureTokens,
  findRefreshToken,
  insertRefreshToken,
  insertSecureToken,
  markRefreshTokenUsed,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
  takeSecureToken,
} from '../../server/db/tokens';
import {
  countUsers,
  createUser,
  DuplicateUsernameError,
  findUserById,
  findUserByUsername,
  listUsers,
  setPasswordHash,
  setUserDisabled,
  updateUserSettings,
} from '../../server/db/users';
import type { Db } from '../../server/db/database';
import { issueRefreshToken, REFRESH_REUSE_GRACE_SECONDS, rotateRefreshToken } from '../../server/auth/refreshTokens';
import { testDatabases, type TestDatabase } from './helpers/databases';

const NOW = 1_800_000_000;
const dialects = await testDatabases();

describe.each(dialects)('repositories on $name', ({ open }) => {
  let testDb: TestDatabase;
  let db: Db;
  let userCount = 0;

  beforeAll(async () => {
    testDb = await open();
    expect(await migrateToLatest(testDb.handle)).toEqual(['0001_foundation', '0002_conversion_notes', '0003_revisions_and_approval', '0005_list_version', '0006_shared_limits', '0007_upload_jobs', '0008_secure_token_session', '0009_conversion_heartbeats', '0010_review_loop', '0011_workshop_settings', '0012_inch_fraction', '0013_note_pins', '0014_quote_options']);
    db = testDb.handle.db;
  });
  afterAll(() => testDb.dispose());

  const newUser = (name = `user${(userCount += 1)}@example.com`) =>
    createUser(db, { username: name, passwordHash: 'hash', fullName: 'Some One', nowSeconds: NOW });

  it('migrates once: running again applies nothing', async () => {
    expect(await migrateToLatest(testDb.handle)).toEqual([]);
  });

  it('creates, finds and lists users; usernames are unique without case', async () => {
    const before = await countUsers(db);
    const user = await newUser('Mixed.Case@Example.com');
    expect(user).toMatchObject({ username: 'mixed.case@example.com', fullName: 'Some One', disabled: false, createdAt: NOW });
    expect(typeof user.id).toBe('number');
    expect((await findUserByUsername(db, ' MIXED.case@example.COM '))?.id).toBe(user.id);
    expect((await findUserById(db, user.id))?.username).toBe('mixed.case@example.com');
    expect(await findUserById(db, 999_999)).toBeUndefined();
    await expect(newUser('mixed.CASE@example.com')).rejects.toBeInstanceOf(DuplicateUsernameError);
    expect(await countUsers(db)).toBe(before + 1);
    expect((await listUsers(db)).map((u) => u.id)).toContain(user.id);
  });

  it('disables users, changes passwords and settings', async () => {
    const user = await newUser();
    expect(await setUserDisabled(db, user.id, true)).toBe(true);
    expect((await findUserById(db, user.id))?.disabled).toBe(true);
    expect(await setUserDisabled(db, 999_999, true)).toBe(false);
    await setPasswordHash(db, user.id, 'other-hash');
    await updateUserSettings(db, user.id, { preferredLanguage: 'fr' });
    await updateUserSettings(db, user.id, { preferredUnit: 'in' });
    expect(await findUserById(db, user.id)).toMatchObject({
      passwordHash: 'other-hash',
      preferredLanguage: 'fr',
      preferredUnit: 'in',
    });
  });

  it('stores plans with second timestamps beyond 2038 exactly', async () => {
    const user = await newUser();
    const far = 4_102_444_800; // 2100-01-01
    await addPlan(db, { userId: user.id, sku: 'PRO', name: 'Pro', totalCredits: 5, maxUpdatePerCredit: 3, expirationDate: far, nowSeconds: NOW });
    await addPlan(db, { userId: user.id, sku: 'OLD', name: 'Old', totalCredits: 5, maxUpdatePerCredit: 3, expirationDate: NOW - 1, nowSeconds: NOW });
    const plans = await listPlans(db, user.id);
    expect(plans.map((p) => p.sku)).toEqual(['OLD', 'PRO']);
    expect(plans[1]).toMatchObject({ expirationDate: far, totalCredits: 5, consumedCredits: 0, maxUpdatePerCredit: 3 });
    expect((await listActivePlans(db, user.id, NOW)).map((p) => p.sku)).toEqual(['PRO']);
  });

  it('never overdraws credits, even when spent concurrently', async () => {
    const user = await newUser();
    const plan = await addPlan(db, {
      userId: user.id,
      sku: 'PRO',
      name: 'Pro',
      totalCredits: 3,
      maxUpdatePerCredit: 3,
      expirationDate: NOW + 100,
      nowSeconds: NOW,
    });
    const results = await Promise.all(Array.from({ length: 6 }, () => consumeCredit(db, plan.id)));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect((await listPlans(db, user.id))[0].consumedCredits).toBe(3);
  });

  it('removes a user\'s plans and tokens with the user', async () => {
    const user = await newUser();
    await addPlan(db, { userId: user.id, sku: 'PRO', name: 'Pro', totalCredits: 1, maxUpdatePerCredit: 1, expirationDate: NOW + 9, nowSeconds: NOW });
    await insertSecureToken(db, { id: `s-${user.id}`, userId: user.id, createdAt: NOW, expiresAt: NOW + 60 });
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await listPlans(db, user.id)).toEqual([]);
    expect(await takeSecureToken(db, `s-${user.id}`, NOW)).toBeUndefined();
  });

  it('marks a refresh token used exactly once and revokes families', async () => {
    const user = await newUser();
    const base = { familyId: `fam-${user.id}`, userId: user.id, createdAt: NOW, expiresAt: NOW + 100 };
    await insertRefreshToken(db, { id: `r1-${user.id}`, ...base });
    await insertRefreshToken(db, { id: `r2-${user.id}`, ...base });
    const marks = await Promise.all([markRefreshTokenUsed(db, `r1-${user.id}`, NOW), markRefreshTokenUsed(db, `r1-${user.id}`, NOW)]);
    expect(marks.filter(Boolean)).toHaveLength(1);
    expect((await findRefreshToken(db, `r1-${user.id}`))?.usedAt).toBe(NOW);
    expect(await revokeRefreshFamily(db, base.familyId, NOW + 1)).toBe(2);
    expect((await findRefreshToken(db, `r2-${user.id}`))?.revokedAt).toBe(NOW + 1);
    expect(await markRefreshTokenUsed(db, `r2-${user.id}`, NOW + 2)).toBe(false);
    expect(await deleteExpiredRefreshTokens(db, NOW + 100)).toBeGreaterThanOrEqual(2);
    expect(await findRefreshToken(db, `r1-${user.id}`)).toBeUndefined();
  });

  it('rotates refresh tokens in a transaction; a replay past the grace window revokes the family', async () => {
    const user = await newUser();
    const first = await issueRefreshToken(db, user.id, NOW, 3600);
    const second = await rotateRefreshToken(db, first.token, NOW + 1, 3600);
    expect(second).toMatchObject({ ok: true, userId: user.id, familyId: first.familyId });
    // The same token again at once (a second tab): a sibling of the same login, not a theft.
    expect(await rotateRefreshToken(db, first.token, NOW + 2, 3600)).toMatchObject({ ok: true, familyId: first.familyId });
    expect(await rotateRefreshToken(db, first.token, NOW + 2 + REFRESH_REUSE_GRACE_SECONDS, 3600)).toEqual({ ok: false, reason: 'reused' });
    if (!second.ok) throw new Error('unreachable');
    expect(await rotateRefreshToken(db, second.token, NOW + 3, 3600)).toEqual({ ok: false, reason: 'revoked' });
    const other = await issueRefreshToken(db, user.id, NOW, 3600);
    expect(await revokeUserRefreshTokens(db, user.id, NOW)).toBeGreaterThanOrEqual(1);
    expect(await rotateRefreshToken(db, other.token, NOW + 1, 3600)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('hands out a secure token once, and never after it expired', async () => {
    const user = await newUser();
    await insertSecureToken(db, { id: `once-${user.id}`, userId: user.id, createdAt: NOW, expiresAt: NOW + 60 });
    await insertSecureToken(db, { id: `late-${user.id}`, userId: user.id, createdAt: NOW, expiresAt: NOW + 60 });
    const takes = await Promise.all([takeSecureToken(db, `once-${user.id}`, NOW + 1), takeSecureToken(db, `once-${user.id}`, NOW + 1)]);
    expect(takes.filter((t) => t?.userId === user.id)).toHaveLength(1);
    expect(await takeSecureToken(db, `late-${user.id}`, NOW + 60)).toBeUndefined();
    await insertSecureToken(db, { id: `old-${user.id}`, userId: user.id, createdAt: NOW, expiresAt: NOW + 60 });
    expect(await deleteExpiredSecureTokens(db, NOW + 61)).toBeGreaterThanOrEqual(1);
  });

  it('creates the project, comment, attachment and branding tables for the routes to come', async () => {
    const user = await newUser();
    const project = await db
      .insertInto('projects')
      .values({
        owner_id: user.id,
        name: 'Kitchen',
        access_key: `key${user.id}AbCdEfGhIjKlMnOpQr`,
        current_stage: 'new',
        share_options: '{}',
        creation_date: NOW,
        modification_date: NOW,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(project).toMatchObject({ is_published: 0, revision_number: 0, consumed_update_count: 0, max_update_count: 0 });
    const base = { project_id: project.id, author_user_id: user.id, author_guest_id: null, author_name: 'Some One', author_avatar_url: null, created_at: NOW };
    await db.insertInto('comments').values({ ...base, text: 'Nice' }).execute();
    await db.insertInto('attachments').values({ ...base, name: 'Spec', url: 'https://example.com' }).execute();
    await db.insertInto('branding').values({ user_id: user.id, logo_blob_key: 'logos/1.png', logo_content_type: 'image/png', updated_at: NOW }).execute();
    await db.deleteFrom('projects').where('id', '=', project.id).execute();
    expect(await db.selectFrom('comments').where('project_id', '=', project.id).selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('attachments').where('project_id', '=', project.id).selectAll().execute()).toEqual([]);
  });
});
