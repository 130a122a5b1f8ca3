/** Every migration, in order. Names sort in the order they must run; never rename or edit one once shipped. */
import type { Migration } from 'kysely';
import type { SqlDialect } from '../database';
import { foundation } from './0001_foundation';

export function allMigrations(dialect: SqlDialect): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
  };
}
