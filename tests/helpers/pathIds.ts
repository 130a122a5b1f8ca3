/**
 * Stable ids of generated paths: a path is named by what it does (its events, payloads included,
 * in order), not by its place in the list, so adding a state or an event elsewhere in a machine
 * leaves the other paths' ids as they were. `npm run qa -- --machine X --path ID` replays one.
 */
import { createHash } from 'node:crypto';
import type { EventObject } from 'xstate';

/**
 * An event as words: its type and a short JSON of each payload field (errors by message, elements
 * and functions by kind); whole (`limit` Infinity) where two payloads alike at first must differ.
 */
export function eventText({ type, ...rest }: EventObject, limit = 60): string {
  const payload = Object.entries(rest)
    .map(([key, value]) => `${key}=${valueText(value, limit)}`)
    .join(' ');
  return payload ? `${type} ${payload}` : type;
}

function valueText(value: unknown, limit: number): string {
  if (value instanceof Error) return `Error(${value.message})`;
  if (typeof value === 'function') return 'function';
  if (value instanceof Uint8Array) return `bytes(${value.length})`;
  const seen = new WeakSet<object>();
  try {
    const text = JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'function') return 'function';
      if (v && typeof v === 'object') {
        if (seen.has(v)) return 'cycle';
        seen.add(v);
      }
      return v;
    });
    return (text ?? String(value)).slice(0, limit);
  } catch {
    return typeof value;
  }
}

/**
 * The id of a path: eight hex digits of the SHA-1 of its events as words, each payload whole (two
 * answers that differ past their first words, a project published or not, are two paths).
 */
export function pathId(events: readonly EventObject[]): string {
  const text = events
    .filter((event) => event.type !== 'xstate.init')
    .map((event) => eventText(event, Infinity))
    .join('\n');
  return createHash('sha1').update(text).digest('hex').slice(0, 8);
}
