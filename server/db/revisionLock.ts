/**
 * One writer of a project's revisions at a time. Whatever makes a new revision (an upload's update
 * on the socket or in the conversion worker, a restore) does its work inside `withRevisionLock`:
 * it waits behind the project's other writers of this process, and on PostgreSQL also takes a
 * transaction-level advisory lock on the project (`pg_advisory_xact_lock`), so API processes and
 * conversion workers wait for each other; the lock goes with the transaction, also when a process
 * dies. SQLite serves one process, so its turn in the process is the whole lock there.
 *
 * Under the lock a writer reads the project's current revision, so the next number and its folder
 * are its own until it lets go: another writer that started from the same revision finds the
 * project moved on and stops before writing or deleting anything.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './database';

/** The first key of the advisory lock: the lock space of revision writers (the second is the project id). */
const REVISION_LOCK_SPACE = 0x5245_5631; // 'REV1'

interface RevisionLock {
  /** Reads and writes under the lock (on PostgreSQL, the lock's transaction). */
  db: Db;
  /**
   * Runs `work` atomically under the lock. On PostgreSQL it is the lock's own transaction, so its
   * changes commit when `withRevisionLock` returns; elsewhere a transaction of its own, committed
   * before `transaction` returns.
   */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T>;
}

/** The tail of each project's queue of writers, per database (tests open several in one process). */
const queues = new WeakMap<Db, Map<number, Promise<void>>>();

async function inTurn<T>(db: Db, projectId: number, work: () => Promise<T>): Promise<T> {
  let projects = queues.get(db);
  if (!projects) queues.set(db, (projects = new Map()));
  const before = projects.get(projectId) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const tail = before.then(() => mine);
  projects.set(projectId, tail);
  await before;
  try {
    return await work();
  } finally {
    done();
    if (projects.get(projectId) === tail) projects.delete(projectId);
  }
}

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function withRevisionLock<T>(db: Db, projectId: number, work: (lock: RevisionLock) => Promise<T>): Promise<T> {
  return inTurn(db, projectId, async () => {
    if (!isPostgres(db)) return work({ db, transaction: (inner) => db.transaction().execute(inner) });
    return db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${REVISION_LOCK_SPACE}::int, ${projectId}::int)`.execute(trx);
      return work({ db: trx, transaction: (inner) => inner(trx) });
    });
  });
}
