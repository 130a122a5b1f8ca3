/**
 * The cost estimate of a project's current revision, from its cutting plan and hardware with the
 * owner's workshop settings, and its difference to the previous kept revision:
 *   GET /api/v1/projects/{id}/estimate and /projects/accessKeys/{key}/estimate
 *   (`?mode=guillotine|free`, `?options=group.choice,...`: the client's options as chosen, priced
 *   by src/model/quote/quotePrice.ts; the previous revision is priced with the same choices)
 * A link answers only where the owner enabled `isEstimateAvailable` or `isOptionsAvailable`;
 * otherwise the same 404 as any link route.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Estimate } from '../../src/model/cutting/estimate';
import { workshopPartsOf } from '../../src/model/cutting/workshopParts';
import { namedTreeOfGltf } from '../../src/model/parts/gltfPartTree';
import { quoteOf } from '../../src/model/quote/quotePrice';
import { listRevisions } from '../db/revisions';
import { canReadEstimate } from '../domain/permissions';
import { notFound } from './errors';
import { SHARED_NOT_FOUND } from './params';
import { readGlbJson } from './partsLists';
import { projectQuote, selectionOf } from './projectQuote';
import { scopeResolver } from './projectScope';

export const estimateRoutes: FastifyPluginAsync<{ via: 'owner' | 'link' }> = async (app, { via }) => {
  const { blobs, db } = app.services;
  const resolve = scopeResolver(via);
  const hooks = { onRequest: via === 'owner' ? app.authenticate : app.identify };

  app.get('/estimate', hooks, async (request: FastifyRequest, reply): Promise<Estimate> => {
    const scope = await resolve(request);
    if (!canReadEstimate(scope.via, scope.project)) throw notFound(SHARED_NOT_FOUND);
    const { selection, mode } = selectionOf(request.query);
    const { project } = scope;
    const current = await projectQuote(app.services, scope, selection, mode);
    const older = (await listRevisions(db, project.id)).filter((r) => r.revisionNumber < project.revisionNumber).sort((a, b) => b.revisionNumber - a.revisionNumber)[0];
    let previous: Estimate['previous'] = null;
    if (older) {
      const json = await readGlbJson(blobs, older.modelBlobKey);
      if (json !== undefined) {
        const { total } = quoteOf(workshopPartsOf(namedTreeOfGltf(json), current.settings), current.settings, current.options, current.selection, mode);
        previous = { revision: older.revisionNumber, total, difference: Math.round((current.quote.total - total) * 100) / 100 };
      }
    }
    reply.header('Cache-Control', 'no-store');
    return { currency: current.settings.currency, revision: project.revisionNumber, lines: current.quote.lines, options: current.quote.options, total: current.quote.total, previous };
  });
};
