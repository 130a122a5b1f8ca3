/**
 * Every project route under /api/v1/projects: the owner's paths by id, and the access-key paths of
 * shared links, which are rate-limited per client IP (one budget for all of them, shared by every
 * API process through Redis or PostgreSQL: linkRateLimit.ts).
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { approvalRoutes, decisionRoutes } from './approval';
import { arFileRoutes } from './arFiles';
import { bcfRoutes } from './bcfRoute';
import { linkChangesRoutes } from './linkChanges';
import { linkEventRoutes, ownerEventRoutes } from './reviewEvents';
import { linkRateLimitOptions } from './linkRateLimit';
import { estimateRoutes } from './estimates';
import { machiningRoutes } from './machining';
import { ownerQuoteRoutes, quoteRoutes } from './quotes';
import { linkQuoteTextureRoutes, ownerQuoteTextureRoutes } from './quoteTextures';
import { partsListRoutes } from './partsLists';
import { noteRoutes } from './projectNotes';
import { projectRoutes } from './projects';
import { revisionRoutes } from './revisions';
import { shareRoutes } from './share';

const linkRoutes: FastifyPluginAsync = async (app) => {
  const perMinute = app.services.config.shareRateLimitPerMinute;
  if (perMinute > 0) {
    const { limitStore, clock } = app.services;
    await app.register(fastifyRateLimit, linkRateLimitOptions(limitStore, clock, perMinute));
  }
  await app.register(shareRoutes);
  await app.register(approvalRoutes);
  await app.register(linkEventRoutes);
  await app.register(linkChangesRoutes);
  await app.register(noteRoutes, { via: 'link', kind: 'comment' });
  await app.register(noteRoutes, { via: 'link', kind: 'hyperlink' });
  await app.register(partsListRoutes, { via: 'link' });
  await app.register(estimateRoutes, { via: 'link' });
  await app.register(machiningRoutes, { via: 'link' });
  await app.register(quoteRoutes, { via: 'link' });
  await app.register(linkQuoteTextureRoutes);
  await app.register(arFileRoutes, { via: 'link' });
};

export const projectApi: FastifyPluginAsync = async (app) => {
  await app.register(ownerEventRoutes);
  await app.register(projectRoutes);
  await app.register(linkRoutes, { prefix: '/accessKeys/:accessKey' });
  await app.register(noteRoutes, { prefix: '/:id', via: 'owner', kind: 'comment' });
  await app.register(noteRoutes, { prefix: '/:id', via: 'owner', kind: 'hyperlink' });
  await app.register(partsListRoutes, { prefix: '/:id', via: 'owner' });
  await app.register(estimateRoutes, { prefix: '/:id', via: 'owner' });
  await app.register(machiningRoutes, { prefix: '/:id', via: 'owner' });
  await app.register(quoteRoutes, { prefix: '/:id', via: 'owner' });
  await app.register(ownerQuoteRoutes, { prefix: '/:id' });
  await app.register(ownerQuoteTextureRoutes, { prefix: '/:id' });
  await app.register(arFileRoutes, { prefix: '/:id', via: 'owner' });
  await app.register(revisionRoutes, { prefix: '/:id/revisions' });
  await app.register(decisionRoutes);
  await app.register(bcfRoutes);
};
