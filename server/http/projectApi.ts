/**
 * Every project route under /api/v1/projects: the owner's paths by id, and the access-key paths of
 * shared links, which are rate-limited per client IP (one budget for all of them).
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { approvalRoutes } from './approval';
import { ApiError } from './errors';
import { partsListRoutes } from './partsLists';
import { noteRoutes } from './projectNotes';
import { projectRoutes } from './projects';
import { revisionRoutes } from './revisions';
import { shareRoutes } from './share';

const linkRoutes: FastifyPluginAsync = async (app) => {
  const perMinute = app.services.config.shareRateLimitPerMinute;
  if (perMinute > 0) {
    await app.register(fastifyRateLimit, {
      global: true,
      max: perMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, 'too_many_requests', `Too many requests. Try again in ${context.after}.`),
    });
  }
  await app.register(shareRoutes);
  await app.register(approvalRoutes);
  await app.register(noteRoutes, { via: 'link', kind: 'comment' });
  await app.register(noteRoutes, { via: 'link', kind: 'hyperlink' });
  await app.register(partsListRoutes, { via: 'link' });
};

export const projectApi: FastifyPluginAsync = async (app) => {
  await app.register(projectRoutes);
  await app.register(linkRoutes, { prefix: '/accessKeys/:accessKey' });
  await app.register(noteRoutes, { prefix: '/:id', via: 'owner', kind: 'comment' });
  await app.register(noteRoutes, { prefix: '/:id', via: 'owner', kind: 'hyperlink' });
  await app.register(partsListRoutes, { prefix: '/:id', via: 'owner' });
  await app.register(revisionRoutes, { prefix: '/:id/revisions' });
};
