/** GET /config.json: what the single-page app reads at start, so links change without a rebuild. */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { runtimeConfigSchema } from '../../src/api/schemas';
import { API_BASE, APP_VERSION, type Config } from '../config';

/** The same object is also written into every page the server serves (see appShell.ts). */
export function runtimeConfigOf(config: Pick<Config, 'accountSiteUrl'>): z.input<typeof runtimeConfigSchema> {
  return { accountSiteUrl: config.accountSiteUrl, version: APP_VERSION, apiBase: API_BASE };
}

export const runtimeConfigRoute: FastifyPluginAsync = async (app) => {
  app.get('/config.json', async (_request, reply): Promise<z.input<typeof runtimeConfigSchema>> => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfigOf(app.services.config);
  });
};
