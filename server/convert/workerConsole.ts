/**
 * The conversion worker's console, kept: parsers print warnings to it (dxf-parser writes one line
 * per unknown group code, megabytes for some files), and a worker's console is the server's
 * stdout, which carries only the login line. Imported first by worker.ts, before any parser binds
 * the console's methods. The first lines of each conversion are kept (cut to a readable length)
 * and handed back with its result for the server's debug log; the rest are only counted.
 */
import { format } from 'node:util';

export const MAX_KEPT_LINES = 20;
export const MAX_LINE_CHARS = 300;

export interface CapturedOutput {
  lines: string[];
  /** Lines beyond MAX_KEPT_LINES, not kept. */
  dropped: number;
}

let kept: string[] = [];
let dropped = 0;

function keep(...args: unknown[]): void {
  if (kept.length >= MAX_KEPT_LINES) {
    dropped += 1;
    return;
  }
  const line = format(...args);
  kept.push(line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line);
}

for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'] as const) {
  console[method] = keep;
}

/** What the conversion printed since the last call. */
export function takeCapturedOutput(): CapturedOutput {
  const output = { lines: kept, dropped };
  kept = [];
  dropped = 0;
  return output;
}
