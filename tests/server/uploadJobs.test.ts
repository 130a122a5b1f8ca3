/** The recorded ends of queued conversions (upload_jobs), on SQLite and, when reachable, PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { deleteUploadJobEndsBefore, findUploadJobEnd, recordUploadJobEnd } from '../../server/db/uploadJobs';
import { testDatabases, type TestDatabase } from './helpers/databases';

const dialects = await testDatabases();

describe.each(dialects)('upload job ends on $name', ({ open }) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await open();
    await migrateToLatest(testDb.handle);
  });
  afterAll(() => testDb.dispose());

  it('keeps the first end recorded: a job run again cannot replace it', async () => {
    const { db } = testDb.handle;
    expect(await findUploadJobEnd(db, 'job-1')).toBeUndefined();
    await recordUploadJobEnd(db, 'job-1', { state: 'done', projectId: 7 }, 1000);
    await recordUploadJobEnd(db, 'job-1', { state: 'failed', message: 'too late' }, 1001);
    expect(await findUploadJobEnd(db, 'job-1')).toEqual({ state: 'done', projectId: 7 });
    await recordUploadJobEnd(db, 'job-2', { state: 'failed', message: 'No geometry' }, 2000);
    expect(await findUploadJobEnd(db, 'job-2')).toEqual({ state: 'failed', message: 'No geometry' });
  });

  it('forgets ends older than a given time', async () => {
    const { db } = testDb.handle;
    await deleteUploadJobEndsBefore(db, 1500);
    expect(await findUploadJobEnd(db, 'job-1')).toBeUndefined();
    expect(await findUploadJobEnd(db, 'job-2')).toEqual({ state: 'failed', message: 'No geometry' });
  });
});
