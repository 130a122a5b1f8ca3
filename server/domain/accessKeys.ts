/**
 * Access keys of shared links and the secret part of model URLs: 22 characters of base62 from a
 * secure random source, 130.9 bits, unbiased (bytes past the last whole multiple of 62 are redrawn).
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 62 * 4: bytes at or above this would make the first letters likelier than the rest. */
const UNBIASED_LIMIT = 248;

const ACCESS_KEY_LENGTH = 22;
export const ACCESS_KEY_BITS = ACCESS_KEY_LENGTH * Math.log2(ALPHABET.length);

/** A fresh random key; `random` is injectable for tests of the sampling. */
export function generateAccessKey(random: (size: number) => Uint8Array = randomBytes): string {
  let key = '';
  while (key.length < ACCESS_KEY_LENGTH) {
    for (const byte of random(ACCESS_KEY_LENGTH * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      key += ALPHABET[byte % ALPHABET.length];
      if (key.length === ACCESS_KEY_LENGTH) break;
    }
  }
  return key;
}

/** Letters and digits only, as the /s/{accessKey} route accepts; anything else is no key of ours. */
export function isAccessKeyShape(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{1,64}$/.test(value);
}
