/**
 * The owner's kept revisions (prefix /api/v1/projects/:id/revisions):
 *   GET ''                      newest first, each with its own model and poster URL;
 *   GET '/:revision/changes'    what changed from that revision to the current one (or `?to=`),
 *                               parts matched by their path of names (server/domain/revisionDiff.ts);
 *   POST '/:revision/restore'   makes an older revision current again, as a new revision (an update
 *                               with the credit rules of SPEC §4: free within the allowance, else a
 *                               credit the owner confirms by sending `consumeCredit: true`); a
 *                               revision whose model the current one already is: 409 already_current.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import {
  CREDIT_CONFIRMATION_REQUIRED,
  INSUFFICIENT_CREDITS,
  restoreRequestSchema,
  type projectSchema,
  type revisionChangesSchema,
  type revisionSchema,
} from '../../src/api/schemas';
import { compressModel } from '../convert/revisionAssets';
import type { Db } from '../db/database';
import { listActivePlans } from '../db/plans';
import { findOwnedProject } from '../db/projects';
import { findRevision, listRevisions, type Revision } from '../db/revisions';
import { toSeconds } from '../domain/clock';
import { updateCost } from '../domain/credits';
import { diffRevisions } from '../domain/revisionDiff';
import { arBlobKey, encodedModelBlobKey, machiningBlobKey, posterBlobKey, smallPosterBlobKey } from '../domain/projectBlobKeys';
import { commitModelUpdate, InsufficientCreditsError, ProjectChangedError, type ConvertedModel } from '../domain/revisionCommit';
import type { BlobStore } from '../storage/blobStore';
import { ApiError, notFound, parseInput } from './errors';
import { parseId } from './params';
import { readGlbJson } from './partsLists';
import { ownerScope, PROJECT_NOT_FOUND } from './projectScope';
import { revisionFileUrl, toOwnerProject } from './projectViews';

export const REVISION_NOT_FOUND = 'No such revision of this project.';

/**
 * A revision as the owner's list shows it. The current revision's file URLs are the project's own;
 * an older one's carry the signature `sig` made for the owner's session (auth/revisionFileUrls.ts).
 */
function toRevisionView(revision: Revision, sig?: string): z.input<typeof revisionSchema> {
  const query = sig ? `?sig=${sig}` : '';
  return {
    revisionNumber: revision.revisionNumber,
    date: revision.createdAt,
    authorName: revision.authorName,
    fileName: revision.fileName,
    modelUrl: `${revisionFileUrl(revision.modelToken, revision.revisionNumber, 'glb')}${query}`,
    thumbnailUrl: `${revisionFileUrl(revision.modelToken, revision.revisionNumber, 'webp')}${query}`,
  };
}

/** A kept revision's files, read back to be written again as the next revision. */
/** Whether two revisions hold the same model file (a restored revision is a byte copy of the one restored). */
async function sameModel(blobs: BlobStore, a: Revision, b: Revision): Promise<boolean> {
  if (a.modelBlobKey === b.modelBlobKey) return true;
  const [first, second] = await Promise.all([blobs.get(a.modelBlobKey), blobs.get(b.modelBlobKey)]);
  return first !== undefined && second !== undefined && first.length === second.length && Buffer.compare(first, second) === 0;
}

async function readRevisionFiles(blobs: BlobStore, revision: Revision): Promise<ConvertedModel> {
  const { projectId, revisionNumber } = revision;
  const glb = await blobs.get(revision.modelBlobKey);
  if (!glb) throw notFound(REVISION_NOT_FOUND);
  const [brotli, gzip, poster, posterSmall, arGlb, usdz, original, machining] = await Promise.all([
    blobs.get(encodedModelBlobKey(projectId, revisionNumber, 'br')),
    blobs.get(encodedModelBlobKey(projectId, revisionNumber, 'gzip')),
    blobs.get(posterBlobKey(projectId, revisionNumber)),
    blobs.get(smallPosterBlobKey(projectId, revisionNumber)),
    blobs.get(arBlobKey(projectId, revisionNumber, 'glb')),
    blobs.get(arBlobKey(projectId, revisionNumber, 'usdz')),
    revision.originalBlobKey ? blobs.get(revision.originalBlobKey) : Promise.resolve(undefined),
    blobs.get(machiningBlobKey(projectId, revisionNumber)),
  ]);
  const compressed = brotli && gzip ? { glbBrotli: brotli, glbGzip: gzip } : await compressModel(glb);
  return {
    glb,
    // AR files missing from an old revision are made when first asked for.
    assets: { ...compressed, poster: poster ?? null, posterSmall: posterSmall ?? null, ar: arGlb && usdz ? { glb: arGlb, usdz } : undefined, machining: machining ?? null },
    original: original && revision.fileName ? { fileName: revision.fileName, bytes: original } : null,
    notes: revision.conversionNotes,
  };
}

export const revisionRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs, clock, config, revisionFileUrls } = app.services;
  const auth = { onRequest: app.authenticate };

  app.get('', auth, async (request, reply): Promise<z.input<typeof revisionSchema>[]> => {
    const { project } = await ownerScope(request);
    reply.header('Cache-Control', 'no-store');
    const familyId = request.user?.familyId ?? null;
    return (await listRevisions(db, project.id)).map((revision) =>
      toRevisionView(
        revision,
        revision.revisionNumber === project.revisionNumber ? undefined : revisionFileUrls.sign(revision.modelToken, revision.revisionNumber, familyId),
      ),
    );
  });

  app.get('/:revision/changes', auth, async (request, reply): Promise<z.input<typeof revisionChangesSchema>> => {
    const { project } = await ownerScope(request);
    const from = parseId((request.params as { revision: string }).revision, REVISION_NOT_FOUND);
    const toText = (request.query as { to?: string }).to;
    const to = toText === undefined ? project.revisionNumber : parseId(toText, REVISION_NOT_FOUND);
    const [older, newer] = await Promise.all([findRevision(db, project.id, from), findRevision(db, project.id, to)]);
    if (!older || !newer) throw notFound(REVISION_NOT_FOUND);
    const [olderJson, newerJson] = await Promise.all([readGlbJson(blobs, older.modelBlobKey), readGlbJson(blobs, newer.modelBlobKey)]);
    if (olderJson === undefined || newerJson === undefined) throw notFound(REVISION_NOT_FOUND);
    // An owner's answer: the browser keeps no copy of it (nothing of it outlives a logout).
    reply.header('Cache-Control', 'private, no-store');
    return { from, to, ...diffRevisions(olderJson, newerJson) };
  });

  app.post('/:revision/restore', auth, async (request): Promise<z.input<typeof projectSchema>> => {
    const { project } = await ownerScope(request);
    const number = parseId((request.params as { revision: string }).revision, REVISION_NOT_FOUND);
    const { consumeCredit, keepApproval } = parseInput(restoreRequestSchema, request.body ?? {});
    const revision = await findRevision(db, project.id, number);
    if (!revision) throw notFound(REVISION_NOT_FOUND);
    if (number === project.revisionNumber) throw new ApiError(409, 'already_current', 'This revision is already the current one.');
    // Restoring the same revision twice would make a copy of the current model, and spend an update on it.
    const current = await findRevision(db, project.id, project.revisionNumber);
    if (current && (await sameModel(blobs, current, revision))) throw new ApiError(409, 'already_current', 'This revision’s model is already the current one.');

    const now = toSeconds(clock());
    const cost = updateCost(project, await listActivePlans(db, project.ownerId, now), now);
    if (cost.kind === 'noCredit') throw new ApiError(402, INSUFFICIENT_CREDITS, 'You have insufficient credits remaining in your subscription to proceed.');
    if (cost.kind === 'credit' && consumeCredit !== true) {
      throw new ApiError(409, CREDIT_CONFIRMATION_REQUIRED, 'Restoring this revision will cost a credit: confirm to go on.');
    }
    // Read under the project's revision lock: a writer that commits meanwhile may forget this revision.
    const model = async (locked: Db) => {
      const kept = await findRevision(locked, project.id, number);
      if (!kept) throw notFound(REVISION_NOT_FOUND);
      return readRevisionFiles(blobs, kept);
    };
    try {
      await commitModelUpdate(
        { db, blobs, revisionsKept: config.revisionsKept },
        { project, nowSeconds: now, model, charge: cost.kind === 'free' ? 'free' : 'paid', approval: keepApproval ? 'keep' : 'reopen' },
      );
    } catch (error) {
      if (error instanceof InsufficientCreditsError) throw new ApiError(402, INSUFFICIENT_CREDITS, 'You have insufficient credits remaining in your subscription to proceed.');
      if (error instanceof ProjectChangedError) throw new ApiError(409, 'project_changed', 'The project changed meanwhile. Reload it and try again.');
      throw error;
    }
    const restored = await findOwnedProject(db, project.id, project.ownerId);
    if (!restored) throw notFound(PROJECT_NOT_FOUND);
    app.services.reviewEvents.revision(restored);
    return toOwnerProject(restored);
  });
};
