/**
 * The project list's encoded answers, kept per list version: a list is read, written as JSON and
 * compressed once per version and encoding, then served from memory to every request that asks for
 * that version (another tab, another device, a browser that lost its cache), until a change moves
 * the version. Brotli at a fast level (a list compresses about 20x at any level); entries beyond the
 * memory budget are dropped oldest first. Each process keeps its own: the version is the
 * database's, so they never disagree for long.
 */
import { negotiate } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type ListEncoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: ListEncoding[] = ['br', 'gzip', 'identity'];

interface Entry {
  json: Buffer;
  encoded: Partial<Record<ListEncoding, Buffer>>;
  bytes: number;
}

interface ListAnswers {
  /** The body for `key` in the best encoding the request accepts, building the list once per key. */
  answer(key: string, acceptEncoding: string | undefined, build: () => Promise<unknown>): Promise<{ body: Buffer; encoding: ListEncoding }>;
  /** Bytes held (for tests and monitoring). */
  readonly bytes: number;
}

export function createListAnswers(maxBytes = 64 * 2 ** 20): ListAnswers {
  const entries = new Map<string, Entry>();
  let total = 0;
  const evict = () => {
    for (const [key, entry] of entries) {
      if (total <= maxBytes) break;
      entries.delete(key);
      total -= entry.bytes;
    }
  };
  return {
    get bytes() {
      return total;
    },
    async answer(key, acceptEncoding, build) {
      let entry = entries.get(key);
      if (entry) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, entry);
      } else {
        const json = Buffer.from(JSON.stringify(await build()));
        entry = { json, encoded: { identity: json }, bytes: json.length };
        entries.set(key, entry);
        total += entry.bytes;
      }
      const wanted = (negotiate(acceptEncoding ?? 'identity', ENCODINGS) as ListEncoding | null) ?? 'identity';
      // Small answers are not worth compressing.
      const encoding: ListEncoding = entry.json.length < 1024 ? 'identity' : wanted;
      let body = entry.encoded[encoding];
      if (!body) {
        body =
          encoding === 'br'
            ? brotliCompressSync(entry.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: entry.json.length } })
            : gzipSync(entry.json, { level: 4 });
        entry.encoded[encoding] = body;
        entry.bytes += body.length;
        total += body.length;
      }
      evict();
      return { body, encoding };
    },
  };
}
