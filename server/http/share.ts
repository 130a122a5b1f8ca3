/**
 * The shared project behind an access key and its logo (prefix /api/v1/projects/accessKeys/:accessKey).
 * Unknown, unpublished and deleted keys all answer the same 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { sharedProjectSchema } from '../../src/api/schemas';
import { linkScope } from './projectScope';
import { toSharedProject } from './projectViews';
import { customLogo, DEFAULT_LOGO, sendLogo } from './logoResponse';

export const shareRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs } = app.services;

  app.get('', async (request, reply): Promise<z.input<typeof sharedProjectSchema>> => {
    const { project } = await linkScope(request);
    reply.header('Cache-Control', 'no-store');
    return toSharedProject(project);
  });

  app.get('/logo', async (request, reply) => {
    const { project } = await linkScope(request);
    const logo = (await customLogo(db, blobs, project.ownerId)) ?? DEFAULT_LOGO;
    return sendLogo(request, reply, logo, 'no-cache');
  });
};
