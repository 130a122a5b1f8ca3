/** Milliseconds since the epoch; injected so tests can move time. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** Whole seconds, the unit the database and the wire use. */
export function toSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

export const DAY_SECONDS = 86_400;
