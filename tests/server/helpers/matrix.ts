/** Row snapshots (to prove a refused request changed nothing) and the printed access matrix. */
import type { Db } from '../../../server/db/database';

/** Every row a project API request could change, in a stable order. */
export async function snapshotRows(db: Db): Promise<unknown> {
  return {
    projects: await db.selectFrom('projects').selectAll().orderBy('id').execute(),
    revisions: await db.selectFrom('revisions').selectAll().orderBy('project_id').orderBy('revision_number').execute(),
    comments: await db.selectFrom('comments').selectAll().orderBy('id').execute(),
    attachments: await db.selectFrom('attachments').selectAll().orderBy('id').execute(),
    branding: await db.selectFrom('branding').selectAll().orderBy('user_id').execute(),
    users: await db.selectFrom('users').select(['id', 'preferred_language', 'preferred_unit', 'full_name']).orderBy('id').execute(),
    plans: await db.selectFrom('subscription_plans').selectAll().orderBy('id').execute(),
  };
}

/** One table: a row per route, a column per role, each cell the status (and what was expected when it differs). */
export function formatMatrix(
  roles: readonly string[],
  routes: readonly string[],
  actual: readonly (readonly number[])[],
  expected: readonly (readonly number[])[],
): string {
  const cells = actual.map((row, r) => row.map((status, c) => (status === expected[r][c] ? `${status}` : `${status}≠${expected[r][c]} ✗`)));
  const first = Math.max(5, ...routes.map((label) => label.length));
  const widths = roles.map((role, c) => Math.max(role.length, ...cells.map((row) => row[c].length)));
  const line = (label: string, values: string[]) => [label.padEnd(first), ...values.map((v, c) => v.padStart(widths[c]))].join(' | ');
  return [
    line('route', [...roles]),
    ['-'.repeat(first), ...widths.map((w) => '-'.repeat(w))].join('-|-'),
    ...routes.map((label, r) => line(label, cells[r])),
  ].join('\n');
}
