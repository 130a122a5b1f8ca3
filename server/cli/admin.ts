/** The admin command (npm run admin -- ...): users and plans, against the server's own database. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { systemClock, toSeconds } from '../domain/clock';
import { backup } from './backup';
import { restore } from './restore';
import { runPlanCommand } from './planCommands';
import { CommandError, USAGE, UsageError } from './usage';
import { runUserCommand } from './userCommands';

const HELP_HINT = 'Run "npm run admin -- help" for the list of commands.';

const OPTIONS = {
  password: { type: 'string' },
  name: { type: 'string' },
  sku: { type: 'string' },
  credits: { type: 'string' },
  'updates-per-credit': { type: 'string' },
  days: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Runs one command line; returns the exit code. Output goes to the given writers. */
export async function runAdmin(
  argv: string[],
  env: Record<string, string | undefined>,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    err(`${(error as Error).message}\n${HELP_HINT}`);
    return 2;
  }
  const [group, sub, ...args] = parsed.positionals;
  if (parsed.values.help || group === undefined || group === 'help') {
    out(USAGE);
    return 0;
  }
  if (group === 'backup' || group === 'restore') {
    if (!sub || args.length > 0) {
      err(`Usage: npm run admin -- ${group} <folder>\n${HELP_HINT}`);
      return 2;
    }
    try {
      const config = loadConfig(env);
      out(group === 'backup' ? await backup(config, sub) : await restore(config, sub));
      return 0;
    } catch (error) {
      if (error instanceof CommandError || error instanceof ConfigError) {
        err(error.message);
        return error instanceof ConfigError ? 2 : 1;
      }
      err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  if (group !== 'user' && group !== 'plan') {
    err(`Unknown command "${group}".\n${HELP_HINT}`);
    return 2;
  }

  let database;
  try {
    const config = loadConfig(env);
    // The server's database, never a new one: a DATA_DIR without it means the wrong folder.
    if (config.database.kind === 'sqlite' && config.database.file !== ':memory:' && !existsSync(config.database.file)) {
      err(`No database at ${config.database.file}: start the server once, or set DATA_DIR to the folder the server uses.`);
      return 1;
    }
    database = await openDatabase(config.database);
    await migrateToLatest(database);
    const input = { args, options: parsed.values as Record<string, string | undefined>, nowSeconds: toSeconds(systemClock()) };
    out(group === 'user' ? await runUserCommand(database.db, sub, input) : await runPlanCommand(database.db, sub, input));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}\n${HELP_HINT}`);
      return 2;
    }
    if (error instanceof CommandError || error instanceof ConfigError) {
      err(error.message);
      return error instanceof ConfigError ? 2 : 1;
    }
    err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database?.close();
  }
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isEntryPoint) {
  const code = await runAdmin(
    process.argv.slice(2),
    process.env,
    (line) => process.stdout.write(`${line}\n`),
    (line) => process.stderr.write(`${line}\n`),
  );
  process.exitCode = code;
}
