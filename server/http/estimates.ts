/**
 * The cost estimate of a project's current revision, from its cutting plan and hardware with the
 * owner's workshop settings, and its difference to the previous kept revision:
 *   GET /api/v1/projects/{id}/estimate and /projects/accessKeys/{key}/estimate (`?mode=guillotine|free`)
 * A link answers only where the owner enabled `isEstimateAvailable`; otherwise the same 404 as
 * any link route.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { planCutting } from '../../src/model/cutting/cuttingPlan';
import { estimateLines, totalOf, type Estimate } from '../../src/model/cutting/estimate';
import type { WorkshopSettings } from '../../src/model/cutting/workshopSettings';
import { workshopPartsOf } from '../../src/model/cutting/workshopParts';
import type { NamedTree } from '../../src/model/parts/partsList';
import { listRevisions } from '../db/revisions';
import { findWorkshopSettings } from '../db/workshopSettings';
import { namedTreeOfGltf } from '../../src/model/parts/gltfPartTree';
import { canReadEstimate } from '../domain/permissions';
import { notFound, parseInput } from './errors';
import { SHARED_NOT_FOUND } from './params';
import { partTreeOf, readGlbJson } from './partsLists';
import { scopeResolver } from './projectScope';

const querySchema = z.object({ mode: z._default(z.enum(['guillotine', 'free']), 'guillotine') });

function totalFor(tree: NamedTree, settings: WorkshopSettings, mode: 'guillotine' | 'free') {
  const lines = estimateLines(planCutting(workshopPartsOf(tree, settings), settings, mode), settings);
  return { lines, total: totalOf(lines) };
}

export const estimateRoutes: FastifyPluginAsync<{ via: 'owner' | 'link' }> = async (app, { via }) => {
  const { blobs, db } = app.services;
  const resolve = scopeResolver(via);
  const hooks = { onRequest: via === 'owner' ? app.authenticate : app.identify };

  app.get('/estimate', hooks, async (request: FastifyRequest, reply): Promise<Estimate> => {
    const scope = await resolve(request);
    if (!canReadEstimate(scope.via, scope.project)) throw notFound(SHARED_NOT_FOUND);
    const { mode } = parseInput(querySchema, request.query ?? {});
    const { project } = scope;
    const settings = await findWorkshopSettings(db, project.ownerId);
    const current = totalFor(await partTreeOf(blobs, scope), settings, mode);
    const older = (await listRevisions(db, project.id)).filter((r) => r.revisionNumber < project.revisionNumber).sort((a, b) => b.revisionNumber - a.revisionNumber)[0];
    let previous: Estimate['previous'] = null;
    if (older) {
      const json = await readGlbJson(blobs, older.modelBlobKey);
      if (json !== undefined) {
        const { total } = totalFor(namedTreeOfGltf(json), settings, mode);
        previous = { revision: older.revisionNumber, total, difference: Math.round((current.total - total) * 100) / 100 };
      }
    }
    reply.header('Cache-Control', 'no-store');
    return { currency: settings.currency, revision: project.revisionNumber, lines: current.lines, total: current.total, previous };
  });
};
