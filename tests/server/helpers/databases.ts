/**
 * The databases repository tests run against: a fresh SQLite file, and PostgreSQL (a schema of its
 * own per run, dropped afterwards) when the server at TEST_DATABASE_URL answers.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { makeTempDir } from './testServer';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresReachable(url = POSTGRES_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return requiredUnderCi('PostgreSQL', url);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Outside CI a scale-out test skips, saying why, when its server does not answer; under `CI=true`
 * (`.ci/run` starts PostgreSQL and Redis) it fails instead, so that CI never passes without them.
 */
export function requiredUnderCi(what: string, url: string): false {
  if (process.env.CI === 'true') throw new Error(`${what} at ${url} does not answer, and CI=true needs it: .ci/run starts it.`);
  return false;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

export async function openTestSqlite(): Promise<TestDatabase> {
  const dir = await makeTempDir('cv-db-');
  const handle = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.sqlite') });
  return {
    handle,
    async dispose() {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function openTestPostgres(): Promise<TestDatabase> {
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const handle = await openDatabase({ kind: 'postgres', url: POSTGRES_URL }, { pgSchema: schema });
  return {
    handle,
    async dispose() {
      await handle.close();
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** The dialects to run, printing why PostgreSQL is left out when it is. */
export async function testDatabases(): Promise<{ name: string; open: () => Promise<TestDatabase> }[]> {
  const list = [{ name: 'sqlite', open: openTestSqlite }];
  if (await postgresReachable()) list.push({ name: 'postgres', open: openTestPostgres });
  else console.warn(`PostgreSQL at ${POSTGRES_URL} is not reachable: repository tests run on SQLite only.`);
  return list;
}
