/** Help text of the admin command, and the error that means "you called it wrong" (exit code 2). */
export const USAGE = `Usage: npm run admin -- <command>

Users
  user add <username> --password <pw> [--name "Full Name"]
  user list
  user disable <username>
  user enable <username>
  user password <username> --password <pw>

Plans
  plan add <username> --sku <SKU> --name <name> [--credits N] [--updates-per-credit M] [--days D]
           (sku UNLIMITED needs no credits; defaults: 3 updates per credit, 365 days)
  plan list <username>

Backups (the embedded install: SQLite and the data folder)
  backup <folder>    a consistent copy, taken while the server runs
  restore <folder>   into an empty data folder, the server stopped

Uses the same DATA_DIR / DATABASE_URL as the server, and works while it runs.`;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A command that could not be carried out (unknown user, duplicate...): exit code 1. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

export function wholeNumber(value: string | undefined, option: string, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`--${option} must be a whole number, got "${value}".`);
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`--${option} must be at least ${min}.`);
  return n;
}

/** Formats rows as aligned columns. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  return cells.map((row) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}
