/**
 * Opens the database of record: SQLite (default, a file in DATA_DIR) or PostgreSQL.
 * Both dialects run the same migrations and the same repository queries.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DatabaseConfig } from '../config';
import type { Database } from './schema';

export type SqlDialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: SqlDialect;
  /** PostgreSQL schema the tables live in (undefined on SQLite). */
  schema: string | undefined;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: put every table in this schema (created when missing). Used to isolate test runs. */
  pgSchema?: string;
  /** SQLite only: how long a writer waits for another process's lock, in ms. */
  busyTimeoutMs?: number;
}

const INT8_OID = 20;

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<DatabaseHandle> {
  return config.kind === 'sqlite' ? openSqlite(config.file, options) : openPostgres(config.url, options);
}

function openSqlite(file: string, options: OpenOptions): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', schema: undefined, close: () => db.destroy() };
}

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  const schema = options.pgSchema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  }
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // Seconds timestamps live in bigint columns; they fit a JavaScript number exactly.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as never,
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const current = await pool.query<{ schema: string }>('SELECT current_schema() AS schema');
  return { db, dialect: 'postgres', schema: current.rows[0]?.schema ?? 'public', close: () => db.destroy() };
}
