/** GET /config.json: what the single-page app reads at start, so links change without a rebuild. */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { runtimeConfigSchema } from '../../src/api/schemas';
import { API_BASE, APP_VERSION } from '../config';

export const runtimeConfigRoute: FastifyPluginAsync = async (app) => {
  app.get('/config.json', async (_request, reply): Promise<z.input<typeof runtimeConfigSchema>> => {
    reply.header('Cache-Control', 'no-cache');
    return { accountSiteUrl: app.services.config.accountSiteUrl, version: APP_VERSION, apiBase: API_BASE };
  });
};
