/**
 * The shared project behind an access key, its logo, and its model and poster (prefix
 * /api/v1/projects/accessKeys/:accessKey).
 * Unknown, unpublished and deleted keys all answer the same 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { sharedProjectSchema } from '../../src/api/schemas';
import { linkScope } from './projectScope';
import { toSharedProject } from './projectViews';
import { customLogo, DEFAULT_LOGO, sendLogo } from './logoResponse';
import { MODEL_NOT_FOUND, parseRevisionFile, revisionFileSender } from './modelFiles';
import { notFound } from './errors';

export const shareRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs } = app.services;

  app.get('', async (request, reply): Promise<z.input<typeof sharedProjectSchema>> => {
    const { project } = await linkScope(request);
    reply.header('Cache-Control', 'no-store');
    return toSharedProject(project);
  });

  // The model and poster of the link's current revision: through the link, so they stop with it
  // (unpublished or deleted) while the owner's own URLs keep working.
  const sendRevisionFile = revisionFileSender(blobs);
  app.route({
    method: ['GET', 'HEAD'],
    url: '/models/:file',
    compress: false,
    handler: async (request, reply) => {
      const { project } = await linkScope(request);
      const wanted = parseRevisionFile((request.params as { file: string }).file);
      if (!wanted || !project.modelBlobKey || wanted.revision !== project.revisionNumber) throw notFound(MODEL_NOT_FOUND);
      return sendRevisionFile(request, reply, { projectId: project.id, revisionNumber: project.revisionNumber, modelBlobKey: project.modelBlobKey }, wanted.kind);
    },
  });

  app.get('/logo', async (request, reply) => {
    const { project } = await linkScope(request);
    const logo = (await customLogo(db, blobs, project.ownerId)) ?? DEFAULT_LOGO;
    return sendLogo(request, reply, logo, 'no-cache');
  });
};
