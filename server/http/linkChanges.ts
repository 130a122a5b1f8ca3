/**
 * GET projects/accessKeys/{key}/revisions/{from}/changes: what changed on a link since the
 * revision a client last approved or wrote on (the page remembers which), as the owner's
 * comparison answers it (server/domain/revisionDiff.ts), to the current revision. The parts are
 * named only where the link shows the hierarchy; elsewhere the counts alone. 404 for a revision that
 * is no longer kept, or not older than the current one.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { revisionChangesSchema } from '../../src/api/schemas';
import { findRevision } from '../db/revisions';
import { diffRevisions } from '../domain/revisionDiff';
import { notFound } from './errors';
import { parseId } from './params';
import { readGlbJson } from './partsLists';
import { linkScope } from './projectScope';
import { REVISION_NOT_FOUND } from './revisions';


export const linkChangesRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs } = app.services;
  app.get('/revisions/:revision/changes', { onRequest: app.identify }, async (request, reply): Promise<z.input<typeof revisionChangesSchema>> => {
    const { project } = await linkScope(request);
    const from = parseId((request.params as { revision: string }).revision, REVISION_NOT_FOUND);
    if (from >= project.revisionNumber) throw notFound(REVISION_NOT_FOUND);
    const [older, newer] = await Promise.all([findRevision(db, project.id, from), findRevision(db, project.id, project.revisionNumber)]);
    if (!older || !newer) throw notFound(REVISION_NOT_FOUND);
    const [olderJson, newerJson] = await Promise.all([readGlbJson(blobs, older.modelBlobKey), readGlbJson(blobs, newer.modelBlobKey)]);
    if (olderJson === undefined || newerJson === undefined) throw notFound(REVISION_NOT_FOUND);
    const diff = diffRevisions(olderJson, newerJson);
    reply.header('Cache-Control', 'private, no-cache');
    return { from, to: project.revisionNumber, counts: diff.counts, parts: project.shareOptions.isHierarchyVisible ? diff.parts : [] };
  });
};
