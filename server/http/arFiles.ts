/**
 * The current revision's files for AR viewers ("View in your room", issue 32):
 *   GET/HEAD /api/v1/projects/{id}/ar.glb and ar.usdz (the owner, logged in)
 *   GET/HEAD /api/v1/projects/accessKeys/{key}/ar.glb and ar.usdz (a link where `isArAvailable`)
 * Made at conversion (server/convert/ar); a revision converted before them gets them made once,
 * on the first request, in a conversion thread when this process has them (else on this one), and
 * stored beside its other files (concurrent requests share that work).
 * Refusals are the same 404 as an unknown project or link: another user's project, an unpublished
 * or deleted link, a link without `isArAvailable`; and 404 `No such model.` for a project without
 * a model or a model without surfaces.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AR_GLB_TYPE, USDZ_TYPE } from '../convert/ar/arModel';
import { arFiles, type ArFiles } from '../convert/revisionAssets';
import { canReadArFiles } from '../domain/permissions';
import { arBlobKey } from '../domain/projectBlobKeys';
import type { BlobStore } from '../storage/blobStore';
import { notFound } from './errors';
import { etagMatches } from './etag';
import { MODEL_CACHE_CONTROL, MODEL_NOT_FOUND } from './modelFiles';
import { SHARED_NOT_FOUND } from './params';
import { PROJECT_NOT_FOUND, scopeResolver } from './projectScope';

type ArKind = 'glb' | 'usdz';

/** Makes a revision's missing AR files once, however many requests ask at the same time. */
function createArBackfill(blobs: BlobStore, make: (glb: Uint8Array) => Promise<ArFiles | null>) {
  const running = new Map<string, Promise<boolean>>();
  return (projectId: number, revision: number, modelKey: string): Promise<boolean> => {
    const key = arBlobKey(projectId, revision, 'usdz');
    let job = running.get(key);
    if (!job) {
      job = (async () => {
        const glb = await blobs.get(modelKey);
        const files = glb ? await make(glb).catch(() => null) : null;
        if (!files) return false;
        await blobs.put(arBlobKey(projectId, revision, 'glb'), files.glb);
        await blobs.put(key, files.usdz);
        return true;
      })().finally(() => running.delete(key));
      running.set(key, job);
    }
    return job;
  };
}

export const arFileRoutes: FastifyPluginAsync<{ via: 'owner' | 'link' }> = async (app, { via }) => {
  const { blobs } = app.services;
  const resolve = scopeResolver(via);
  const backfill = createArBackfill(blobs, app.services.makeArFiles ?? arFiles);

  const send = (kind: ArKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { project, via: scopeVia } = await resolve(request);
    if (!canReadArFiles(scopeVia, project)) throw notFound(via === 'owner' ? PROJECT_NOT_FOUND : SHARED_NOT_FOUND);
    if (!project.modelBlobKey || project.revisionNumber < 1) throw notFound(MODEL_NOT_FOUND);
    const key = arBlobKey(project.id, project.revisionNumber, kind);
    let info = await blobs.stat(key);
    if (!info && (await backfill(project.id, project.revisionNumber, project.modelBlobKey))) info = await blobs.stat(key);
    if (!info) throw notFound(MODEL_NOT_FOUND);
    const etag = `"ar-r${project.revisionNumber}-${info.size.toString(36)}-${Math.trunc(info.modifiedAt.getTime()).toString(36)}"`;
    reply
      .header('Content-Type', kind === 'glb' ? AR_GLB_TYPE : USDZ_TYPE)
      .header('Cache-Control', MODEL_CACHE_CONTROL)
      .header('ETag', etag)
      .header('Last-Modified', info.modifiedAt.toUTCString());
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    reply.header('Content-Length', String(info.size));
    if (request.method === 'HEAD') return reply.send();
    const opened = await blobs.open(key);
    if (!opened) throw notFound(MODEL_NOT_FOUND);
    return reply.send(opened.stream);
  };

  const onRequest = via === 'owner' ? app.authenticate : app.identify;
  // Stored as they are sent: the compression hook must not touch them (and keeps Content-Length).
  app.route({ method: ['GET', 'HEAD'], url: '/ar.glb', onRequest, compress: false, handler: send('glb') });
  app.route({ method: ['GET', 'HEAD'], url: '/ar.usdz', onRequest, compress: false, handler: send('usdz') });
};
