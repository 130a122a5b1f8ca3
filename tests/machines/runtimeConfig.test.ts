import { describe, expect, it } from 'vitest';
import { APP_VERSION, DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig } from '../../src/machines/runtimeConfig';

describe('runtime config', () => {
  it('defaults to the version label of the product', () => {
    expect(APP_VERSION).toBe('2025-10-24-1');
    expect(parseRuntimeConfig(undefined)).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig('<html>')).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('reads a complete answer as is', () => {
    const config = { accountSiteUrl: 'https://acc.test', version: '2026-01-01-1', apiBase: '/v2' };
    expect(parseRuntimeConfig(config)).toEqual(config);
  });

  it('keeps the good fields of a partial answer and defaults the rest', () => {
    expect(parseRuntimeConfig({ accountSiteUrl: 'https://acc.test' })).toEqual({ ...DEFAULT_RUNTIME_CONFIG, accountSiteUrl: 'https://acc.test' });
    expect(parseRuntimeConfig({ accountSiteUrl: 42, version: 'v9' })).toEqual({ ...DEFAULT_RUNTIME_CONFIG, version: 'v9' });
    expect(parseRuntimeConfig(null)).toEqual(DEFAULT_RUNTIME_CONFIG);
  });
});
