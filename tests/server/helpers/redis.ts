/**
 * Redis for the tests of the limits shared between API processes: the server at TEST_REDIS_URL
 * (the machine's own by default), each test with a key prefix of its own, its keys deleted
 * afterwards. Tests skip (saying why) only when nothing answers there.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { openRedis } from '../../../server/limits/limitStore';
import { requiredUnderCi } from './databases';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return requiredUnderCi('Redis', url);
  } finally {
    client.disconnect();
  }
}

export interface TestRedis {
  /** A client like the server's, whose keys all start with `prefix`. */
  client: Redis;
  prefix: string;
  /** Keys under the prefix (prefix included). */
  keys(): Promise<string[]>;
  dispose(): Promise<void>;
}

export async function openTestRedis(): Promise<TestRedis> {
  const prefix = `cv-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const client = await openRedis(REDIS_URL, { keyPrefix: prefix });
  const raw = new Redis(REDIS_URL);
  const keys = () => raw.keys(`${prefix}*`);
  return {
    client,
    prefix,
    keys,
    async dispose() {
      const left = await keys();
      if (left.length > 0) await raw.del(...left);
      client.disconnect();
      raw.disconnect();
    },
  };
}
