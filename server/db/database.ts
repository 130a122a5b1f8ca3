/**
 * Opens the database of record: SQLite (default, a file in DATA_DIR) or PostgreSQL.
 * Both dialects run the same migrations and the same repository queries.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DatabaseConfig } from '../storageConfig';
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

interface OpenOptions {
  /** PostgreSQL only: put every table in this schema (created when missing). Used to isolate test runs. */
  pgSchema?: string;
  /** SQLite only: how long a writer waits for another process's lock, in ms. */
  busyTimeoutMs?: number;
}

const INT8_OID = 20;

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<DatabaseHandle> {
  return config.kind === 'sqlite' ? openSqlite(config.file, options) : openPostgres(config.url, options);
}

/** The database file and the companions SQLite creates beside it in WAL mode. */
const SQLITE_FILES = ['', '-wal', '-shm'];

/**
 * The database holds password hashes and token digests: its file is created, or made, readable and
 * writable by the server's user only (0600), whatever the umask. SQLite gives the -wal and -shm
 * files it creates the database file's permissions; ones an older version left are made 0600 too.
 */
function keepPrivate(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const suffix of SQLITE_FILES) {
    if (!existsSync(file + suffix)) continue;
    try {
      chmodSync(file + suffix, 0o600);
    } catch (error) {
      // Another user's file (an admin command run by someone else): its owner keeps it as it is.
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    }
  }
}

function openSqlite(file: string, options: OpenOptions): DatabaseHandle {
  const onDisk = file !== ':memory:' && file !== '';
  if (onDisk) {
    mkdirSync(path.dirname(file), { recursive: true });
    keepPrivate(file);
  }
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // The -wal and -shm files exist from the first connection in WAL mode.
  if (onDisk) keepPrivate(file);
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
