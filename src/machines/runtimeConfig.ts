/** The runtime configuration served at /config.json, read once at start with safe defaults. */
import { runtimeConfigSchema, type RuntimeConfig } from '../api/schemas';

export const APP_VERSION = '2025-10-24-1';

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  accountSiteUrl: 'https://account.example.com',
  version: APP_VERSION,
  apiBase: '/api/v1',
};

/** Parses what /config.json answered; each missing or malformed field falls back to its default. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const whole = runtimeConfigSchema.safeParse(json);
  if (whole.success) return whole.data;
  if (typeof json !== 'object' || json === null) return DEFAULT_RUNTIME_CONFIG;
  const config: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG };
  const fields = json as Record<string, unknown>;
  for (const key of Object.keys(config) as (keyof RuntimeConfig)[]) {
    const field = runtimeConfigSchema.shape[key].safeParse(fields[key]);
    if (fields[key] !== undefined && field.success) config[key] = field.data;
  }
  return config;
}
