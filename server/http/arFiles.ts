/**
 * The current revision's files for AR viewers ("View in your room", issue 32):
 *   GET/HEAD /api/v1/projects/{id}/ar.glb and ar.usdz (the owner, logged in)
 *   GET/HEAD /api/v1/projects/accessKeys/{key}/ar.glb and ar.usdz (a link where `isArAvailable`)
 *   GET/HEAD /api/v1/models/{secret}/ar.glb and ar.usdz (the owner's phone: an AR viewer sends no
 *     header, so the owner's viewer hands it the current revision's model capability, which stops
 *     at the next revision and with the project, like the model URL it comes from)
 * and one cabinet alone, any node of the part tree by its id (its glTF node index), on the same
 * terms: `.../ar/{node}.glb` and `.../ar/{node}.usdz`.
 * Made at conversion (server/convert/ar); a revision converted before them, and every cabinet, gets
 * them made once, on the first request, in a conversion thread when this process has them (else on
 * this one), and stored beside the revision's other files (concurrent requests share that work), so
 * they go with the revision and the project.
 * One revision keeps the files of at most AR_NODE_FILES_MAX cabinets (409 `arNodesFull` beyond:
 * a public link must not let a stranger fill the storage one node at a time).
 * Refusals are the same 404 as an unknown project or link: another user's project, an unpublished
 * or deleted link, a link without `isArAvailable`; and 404 `No such model.` for a project without
 * a model, a model (or node) without surfaces, and a node the model does not have.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AR_GLB_TYPE, USDZ_TYPE } from '../convert/ar/arModel';
import { arFiles, type ArFiles } from '../convert/revisionAssets';
import { canReadArFiles } from '../domain/permissions';
import { arBlobKey, arNodeBlobKey, arNodeIndexBlobKey } from '../domain/projectBlobKeys';
import { readGlbChunks } from '../../src/model/glbChunks';
import { findModelByToken } from '../db/revisions';
import { isAccessKeyShape } from '../domain/accessKeys';
import type { BlobStore } from '../storage/blobStore';
import { ApiError, notFound } from './errors';
import { etagMatches } from './etag';
import { MODEL_CACHE_CONTROL, MODEL_NOT_FOUND } from './modelFiles';
import { SHARED_NOT_FOUND } from './params';
import { PROJECT_NOT_FOUND, scopeResolver } from './projectScope';

/** The owner's AR files: revalidated like the models, and private (the answer of an authenticated request). */
const OWNER_CACHE_CONTROL = 'private, no-cache';

type ArKind = 'glb' | 'usdz';

/** A cabinet's files: `{node}.glb` or `{node}.usdz`, the node a glTF node index. */
const NODE_FILE = /^(\d{1,7})\.(glb|usdz)$/;

/** How many nodes a GLB's JSON chunk lists (0 when it is not a GLB). */
function glbNodeCount(glb: Uint8Array): number {
  try {
    const { json } = readGlbChunks(glb) as { json: { nodes?: unknown[] } };
    return Array.isArray(json.nodes) ? json.nodes.length : 0;
  } catch {
    return 0;
  }
}

/**
 * How many cabinets of one revision may have their own AR files: each costs a conversion thread's
 * second and up to a few megabytes kept with the revision, and a link is public, so a stranger
 * asking for every node of a 7,000-part job must not fill the storage. A client views a handful.
 */
export const AR_NODE_FILES_MAX = 64;
export const AR_NODES_FULL = 'arNodesFull';

/** What the backfill did: made (or found) the files, could not (no such node, no surfaces), or refused (the revision holds its maximum). */
type Backfill = 'made' | 'missing' | 'full';

/** The node indices whose files a revision holds. */
async function readNodeIndex(blobs: BlobStore, key: string): Promise<number[]> {
  try {
    const parsed: unknown = JSON.parse((await blobs.get(key))?.toString('utf8') ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isSafeInteger(n)) : [];
  } catch {
    return [];
  }
}

/** Makes a revision's (or a node's) missing AR files once, however many requests ask at the same time. */
function createArBackfill(blobs: BlobStore, make: (glb: Uint8Array, node?: number) => Promise<ArFiles | null>) {
  const running = new Map<string, Promise<Backfill>>();
  // One revision's index is rewritten by one write at a time in this process: two cabinets made at
  // once are both counted. (Two processes may still each miss the other's; the limit then gives by
  // as many cabinets as are made at the very same moment.)
  const indexWrites = new Map<string, Promise<void>>();
  const countNode = (indexKey: string, node: number): Promise<void> => {
    const write = (indexWrites.get(indexKey) ?? Promise.resolve())
      .then(async () => blobs.put(indexKey, JSON.stringify([...new Set([...(await readNodeIndex(blobs, indexKey)), node])])))
      .then(() => undefined);
    indexWrites.set(indexKey, write);
    return write.finally(() => {
      if (indexWrites.get(indexKey) === write) indexWrites.delete(indexKey);
    });
  };
  return (projectId: number, revision: number, modelKey: string, node?: number): Promise<Backfill> => {
    const keyOf = (kind: ArKind) => (node === undefined ? arBlobKey(projectId, revision, kind) : arNodeBlobKey(projectId, revision, node, kind));
    const key = keyOf('usdz');
    let job = running.get(key);
    if (!job) {
      job = (async (): Promise<Backfill> => {
        const indexKey = arNodeIndexBlobKey(projectId, revision);
        const index = node === undefined ? [] : await readNodeIndex(blobs, indexKey);
        if (node !== undefined && !index.includes(node) && index.length >= AR_NODE_FILES_MAX) return 'full';
        const glb = await blobs.get(modelKey);
        if (!glb || (node !== undefined && node >= glbNodeCount(glb))) return 'missing';
        const files = await make(glb, node).catch(() => null);
        if (!files) return 'missing';
        await blobs.put(keyOf('glb'), files.glb);
        await blobs.put(key, files.usdz);
        if (node !== undefined) await countNode(indexKey, node);
        return 'made';
      })().finally(() => running.delete(key));
      running.set(key, job);
    }
    return job;
  };
}

/** The revision whose AR files a request may read. */
interface ArTarget {
  projectId: number;
  revisionNumber: number;
  modelBlobKey: string | null;
}

export const arFileRoutes: FastifyPluginAsync<{ via: 'owner' | 'link' | 'model' }> = async (app, { via }) => {
  const { blobs, db } = app.services;
  const backfill = createArBackfill(blobs, app.services.makeArFiles ?? arFiles);

  /** Whose files: the owner's project (Bearer), a link's, or the current revision a model URL's secret stands for (no header: an AR viewer sends none). */
  const targetOf = async (request: FastifyRequest): Promise<ArTarget> => {
    if (via === 'model') {
      const { token } = request.params as { token: string };
      const model = isAccessKeyShape(token) ? await findModelByToken(db, token) : undefined;
      // The capability of the current revision only: it stops at the next revision, and with the project.
      if (!model || model.revisionNumber !== model.currentRevision) throw notFound(MODEL_NOT_FOUND);
      return model;
    }
    const { project, via: scopeVia } = await scopeResolver(via)(request);
    if (!canReadArFiles(scopeVia, project)) throw notFound(via === 'owner' ? PROJECT_NOT_FOUND : SHARED_NOT_FOUND);
    return { projectId: project.id, revisionNumber: project.revisionNumber, modelBlobKey: project.modelBlobKey };
  };

  const send = async (request: FastifyRequest, reply: FastifyReply, kind: ArKind, node?: number) => {
    const project = await targetOf(request);
    if (!project.modelBlobKey || project.revisionNumber < 1 || Number.isNaN(node)) throw notFound(MODEL_NOT_FOUND);
    const key = node === undefined ? arBlobKey(project.projectId, project.revisionNumber, kind) : arNodeBlobKey(project.projectId, project.revisionNumber, node, kind);
    let info = await blobs.stat(key);
    if (!info) {
      const made = await backfill(project.projectId, project.revisionNumber, project.modelBlobKey, node);
      if (made === 'full') throw new ApiError(409, AR_NODES_FULL, `AR files were made for ${AR_NODE_FILES_MAX} cabinets of this revision, the most it keeps. View the whole model in your room instead.`);
      if (made === 'made') info = await blobs.stat(key);
    }
    if (!info) throw notFound(MODEL_NOT_FOUND);
    const etag = `"ar-r${project.revisionNumber}${node === undefined ? '' : `-n${node}`}-${info.size.toString(36)}-${Math.trunc(info.modifiedAt.getTime()).toString(36)}"`;
    reply
      .header('Content-Type', kind === 'glb' ? AR_GLB_TYPE : USDZ_TYPE)
      // The owner's answers (to a bearer token) stay in the owner's browser: no shared cache keeps them.
      .header('Cache-Control', via === 'owner' ? OWNER_CACHE_CONTROL : MODEL_CACHE_CONTROL)
      .header('ETag', etag)
      .header('Last-Modified', info.modifiedAt.toUTCString());
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    reply.header('Content-Length', String(info.size));
    if (request.method === 'HEAD') return reply.send();
    const opened = await blobs.open(key);
    if (!opened) throw notFound(MODEL_NOT_FOUND);
    return reply.send(opened.stream);
  };

  const onRequest = via === 'owner' ? app.authenticate : via === 'link' ? app.identify : undefined;
  // Stored as they are sent: the compression hook must not touch them (and keeps Content-Length).
  app.route({ method: ['GET', 'HEAD'], url: '/ar.glb', onRequest, compress: false, handler: (request, reply) => send(request, reply, 'glb') });
  app.route({ method: ['GET', 'HEAD'], url: '/ar.usdz', onRequest, compress: false, handler: (request, reply) => send(request, reply, 'usdz') });
  app.route<{ Params: { file: string } }>({
    method: ['GET', 'HEAD'],
    url: '/ar/:file',
    onRequest,
    compress: false,
    handler: async (request, reply) => {
      // Another name is refused after the permission checks, like an unknown node.
      const match = NODE_FILE.exec(request.params.file);
      return send(request, reply, (match?.[2] ?? 'glb') as ArKind, match ? Number(match[1]) : Number.NaN);
    },
  });
};
