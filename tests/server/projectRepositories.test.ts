import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import { addNote, countNotes, deleteNote, findNote, listNotes } from '../../server/db/projectNotes';
import { deleteBrandingLogo, findBranding, setBrandingLogo } from '../../server/db/branding';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import {
  createProject,
  deleteProject,
  findOwnedProject,
  findPublishedProject,
  listOwnedProjects,
  setProjectModel,
  updateProject,
} from '../../server/db/projects';
import { findModelByToken, listRevisions, pruneRevisions } from '../../server/db/revisions';
import { createUser } from '../../server/db/users';
import { DEFAULT_SHARE_OPTIONS } from '../../server/domain/projectPatch';
import { testDatabases, type TestDatabase } from './helpers/databases';

const NOW = 1_800_000_000;
const dialects = await testDatabases();

describe.each(dialects)('project repositories on $name', ({ open }) => {
  let testDb: TestDatabase;
  let db: Db;
  let ownerId: number;
  let otherId: number;

  beforeAll(async () => {
    testDb = await open();
    await migrateToLatest(testDb.handle);
    db = testDb.handle.db;
    ownerId = (await createUser(db, { username: 'owner@example.com', passwordHash: 'h', fullName: '  ', nowSeconds: NOW })).id;
    otherId = (await createUser(db, { username: 'other@example.com', passwordHash: 'h', fullName: 'Other One', nowSeconds: NOW })).id;
  });
  afterAll(() => testDb.dispose());

  const model = (name: string) => ({ modelBlobKey: `m/${name}.glb`, originalBlobKey: `m/${name}.step`, originalFileName: `${name}.step` });

  it('creates a project inside a transaction, then records model revisions with new secrets', async () => {
    const created = await db.transaction().execute((trx) =>
      createProject(trx, { ownerId, name: 'Kitchen', nowSeconds: NOW, maxUpdateCount: 3 }),
    );
    expect(created).toMatchObject({
      ownerId,
      name: 'Kitchen',
      currentStage: 'new',
      isPublished: false,
      shareOptions: DEFAULT_SHARE_OPTIONS,
      revisionNumber: 0,
      modelToken: null,
      maxUpdateCount: 3,
      consumedUpdateCount: 0,
      creationDate: NOW,
    });
    expect(created.accessKey).toMatch(/^[A-Za-z0-9]{22}$/);

    const first = await db.transaction().execute((trx) =>
      setProjectModel(trx, { projectId: created.id, fromRevision: 0, model: model('r1'), nowSeconds: NOW + 5 }),
    );
    expect(first).toMatchObject({ revisionNumber: 1, modelBlobKey: 'm/r1.glb', originalFileName: 'r1.step', modificationDate: NOW + 5 });
    expect(await setProjectModel(db, { projectId: created.id, fromRevision: 0, model: model('late'), nowSeconds: NOW })).toBeUndefined();

    const second = await setProjectModel(db, {
      projectId: created.id,
      fromRevision: 1,
      model: model('r2'),
      nowSeconds: NOW + 9,
      consumedUpdateCount: 1,
      maxUpdateCount: 6,
    });
    expect(second).toMatchObject({ revisionNumber: 2, consumedUpdateCount: 1, maxUpdateCount: 6 });
    expect(second!.modelToken).not.toBe(first!.modelToken);
    // Every revision is kept, each with its own model URL secret, until it is pruned.
    expect(await findModelByToken(db, first!.modelToken!)).toEqual({ projectId: created.id, revisionNumber: 1, modelBlobKey: 'm/r1.glb', currentRevision: 2 });
    expect(await findModelByToken(db, second!.modelToken!)).toEqual({ projectId: created.id, revisionNumber: 2, modelBlobKey: 'm/r2.glb', currentRevision: 2 });
    const revisions = await listRevisions(db, created.id);
    expect(revisions.map((r) => [r.revisionNumber, r.fileName, r.createdAt])).toEqual([
      [2, 'r2.step', NOW + 9],
      [1, 'r1.step', NOW + 5],
    ]);
    expect(revisions[0]!.authorName).not.toBe('');
    expect(await pruneRevisions(db, created.id, 1)).toEqual([1]);
    expect(await findModelByToken(db, first!.modelToken!)).toBeUndefined();
    expect((await listRevisions(db, created.id)).map((r) => r.revisionNumber)).toEqual([2]);
  });

  it('finds projects for their owner only, and by access key only while published', async () => {
    const project = await createProject(db, { ownerId, name: 'Bath', nowSeconds: NOW, model: model('bath'), shareOptions: ALL_SHARE_OPTIONS });
    expect(project.revisionNumber).toBe(1);
    // A blank full name falls back to the username.
    expect((await findOwnedProject(db, project.id, ownerId))?.ownerName).toBe('owner@example.com');
    expect(await findOwnedProject(db, project.id, otherId)).toBeUndefined();
    expect(await findPublishedProject(db, project.accessKey)).toBeUndefined();
    expect(await updateProject(db, { id: project.id, ownerId: otherId }, { isPublished: true }, NOW + 1)).toBe(false);
    expect(await updateProject(db, { id: project.id, ownerId }, { isPublished: true, currentStage: 'ready' }, NOW + 1)).toBe(true);
    expect(await findPublishedProject(db, project.accessKey)).toMatchObject({ id: project.id, currentStage: 'ready', modificationDate: NOW + 1 });
    // Share options written "while published" do not land once a concurrent unpublish won.
    const options = { ...ALL_SHARE_OPTIONS, isCommentsVisible: false };
    expect(await updateProject(db, { id: project.id, ownerId, whilePublished: true }, { shareOptions: options }, NOW + 2)).toBe(true);
    expect(await updateProject(db, { id: project.id, ownerId }, { isPublished: false }, NOW + 3)).toBe(true);
    expect(await updateProject(db, { id: project.id, ownerId, whilePublished: true }, { shareOptions: ALL_SHARE_OPTIONS }, NOW + 4)).toBe(false);
    expect((await findOwnedProject(db, project.id, ownerId))?.shareOptions).toEqual(options);
    expect(await updateProject(db, { id: project.id, ownerId }, { isPublished: true }, NOW + 1)).toBe(true);

    const other = await createProject(db, { ownerId: otherId, name: 'Theirs', nowSeconds: NOW + 100 });
    const mine = await listOwnedProjects(db, ownerId);
    expect(mine.map((p) => p.id)).not.toContain(other.id);
    expect(mine.map((p) => p.name)).toEqual(['Kitchen', 'Bath']);
    expect((await listOwnedProjects(db, otherId)).map((p) => [p.name, p.ownerName])).toEqual([['Theirs', 'Other One']]);
  });

  it('keeps comments and hyperlinks per project and deletes them with it', async () => {
    const project = await createProject(db, { ownerId, name: 'Doomed', nowSeconds: NOW });
    const base = { projectId: project.id, authorUserId: null, authorGuestId: 'g', authorName: 'G', authorAvatarUrl: null, createdAt: NOW };
    const c1 = await addNote(db, 'comment', { ...base, text: 'one' });
    const c2 = await addNote(db, 'comment', { ...base, text: 'two', createdAt: NOW + 1 });
    const a1 = await addNote(db, 'hyperlink', { ...base, name: 'n', url: 'https://example.com/' });
    expect((await listNotes(db, 'comment', project.id)).map((c) => c.text)).toEqual(['one', 'two']);
    expect(await countNotes(db, 'comment', project.id)).toBe(2);
    expect(await countNotes(db, 'hyperlink', project.id)).toBe(1);
    expect(await findNote(db, 'comment', project.id + 1, c1.id)).toBeUndefined();
    expect(await deleteNote(db, 'comment', project.id + 1, c1.id)).toBe(false);
    expect(await deleteNote(db, 'comment', project.id, c1.id)).toBe(true);
    expect((await listNotes(db, 'hyperlink', project.id))[0]).toMatchObject({ name: 'n', url: 'https://example.com/' });

    expect(await db.transaction().execute((trx) => deleteProject(trx, { id: project.id, ownerId: otherId }))).toBe(false);
    expect(await db.transaction().execute((trx) => deleteProject(trx, { id: project.id, ownerId }))).toBe(true);
    expect(await findNote(db, 'comment', project.id, c2.id)).toBeUndefined();
    expect(await findNote(db, 'hyperlink', project.id, a1.id)).toBeUndefined();
    expect(await deleteNote(db, 'hyperlink', project.id, a1.id)).toBe(false);
  });

  it('sets, replaces and removes a branding logo, answering the key it replaced', async () => {
    expect(await findBranding(db, ownerId)).toBeUndefined();
    const first = { userId: ownerId, logoBlobKey: 'branding/1/logo-a.png', logoContentType: 'image/png', updatedAt: NOW };
    expect(await setBrandingLogo(db, first)).toBeUndefined();
    expect(await setBrandingLogo(db, { ...first, logoBlobKey: 'branding/1/logo-b.png', updatedAt: NOW + 1 })).toBe('branding/1/logo-a.png');
    expect(await findBranding(db, ownerId)).toMatchObject({ logoBlobKey: 'branding/1/logo-b.png', updatedAt: NOW + 1 });
    expect(await deleteBrandingLogo(db, ownerId)).toBe('branding/1/logo-b.png');
    expect(await deleteBrandingLogo(db, ownerId)).toBeUndefined();
  });
});
