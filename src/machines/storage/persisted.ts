/**
 * A value kept in browser storage under a fixed key, wrapped with a format version and
 * checked with zod when read back: a value of another version or shape reads as absent.
 * Storage failures (private mode, quota) are swallowed: persistence is best effort.
 */
import * as z from 'zod/mini';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Persisted<T> {
  load(): T | null;
  save(value: T): void;
  clear(): void;
}

export function persisted<S extends z.ZodMiniType>(
  storage: KeyValueStorage,
  key: string,
  version: number,
  schema: S,
): Persisted<z.output<S>> {
  const envelope = z.object({ v: z.literal(version), data: schema });
  return {
    load() {
      try {
        const raw = storage.getItem(key);
        if (raw === null) return null;
        const parsed = envelope.safeParse(JSON.parse(raw));
        return parsed.success ? (parsed.data as { data: z.output<S> }).data : null;
      } catch {
        return null;
      }
    },
    save(value) {
      try {
        storage.setItem(key, JSON.stringify({ v: version, data: value }));
      } catch {
        /* best effort */
      }
    },
    clear() {
      try {
        storage.removeItem(key);
      } catch {
        /* best effort */
      }
    },
  };
}

/** In-memory storage with the same interface, for tests and for browsers without storage. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    dump: () => Object.fromEntries(map),
  };
}
