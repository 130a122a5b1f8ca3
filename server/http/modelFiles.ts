/**
 * GET /api/v1/models/{secret}/{revision}.glb and .webp: the converted model of a project revision
 * and its poster, for the owner's viewer. The secret is random (like an access key) and changes
 * with every revision, so the URL is a capability: it stops working at the next revision or when
 * the project is deleted. An older revision's files answer only with the `?sig=` the owner's
 * revision list adds for its session (auth/revisionFileUrls.ts). Guests read the same files through their link
 * (projects/accessKeys/{key}/models/{revision}.glb, share.ts), which stops when it is unpublished.
 *
 * The GLB travels as the brotli or gzip copy made at conversion when the browser accepts one
 * (nothing is compressed per request), with `X-Decoded-Length` so the viewer's byte progress stays
 * right; byte ranges are served from the plain file. Answers are revalidated (ETag, 304) rather
 * than cached blind, so no cache outlives a revoked URL.
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { compressModel } from '../convert/revisionAssets';
import { findModelByToken, type ModelFile } from '../db/revisions';
import { isRefreshFamilyActive } from '../db/tokens';
import { isAccessKeyShape } from '../domain/accessKeys';
import { encodedModelBlobKey, posterBlobKey, smallPosterBlobKey } from '../domain/projectBlobKeys';
import { SMALL_POSTER_SIZE } from '../../src/model/viewerVocabulary';
import type { BlobInfo, BlobStore } from '../storage/blobStore';
import { parseByteRange } from './byteRange';
import { ApiError, notFound } from './errors';
import { etagMatches } from './etag';

export const MODEL_CACHE_CONTROL = 'public, no-cache';
export const MODEL_NOT_FOUND = 'No such model.';
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];


function etagOf(model: ModelFile, info: BlobInfo, variant: string): string {
  return `"r${model.revisionNumber}-${info.size.toString(36)}-${Math.trunc(info.modifiedAt.getTime()).toString(36)}${variant ? `-${variant}` : ''}"`;
}

/**
 * Revisions converted before precompression existed get their copies made once, in the
 * background (zlib runs off the event loop); until then they are served plain.
 */
function createBackfill(blobs: BlobStore) {
  const running = new Set<string>();
  return (model: ModelFile) => {
    if (running.has(model.modelBlobKey)) return;
    running.add(model.modelBlobKey);
    void (async () => {
      const glb = await blobs.get(model.modelBlobKey);
      if (!glb) return;
      const { glbBrotli, glbGzip } = await compressModel(glb);
      await blobs.put(encodedModelBlobKey(model.projectId, model.revisionNumber, 'gzip'), glbGzip);
      await blobs.put(encodedModelBlobKey(model.projectId, model.revisionNumber, 'br'), glbBrotli);
    })()
      .catch(() => undefined)
      .finally(() => running.delete(model.modelBlobKey));
  };
}

/** `{revision}.glb` or `{revision}.webp`: the revision and which file; undefined for anything else. */
export function parseRevisionFile(file: string): { revision: number; kind: 'glb' | 'webp' } | undefined {
  const match = /^([0-9]{1,9})\.(glb|webp)$/.exec(file);
  return match ? { revision: Number(match[1]), kind: match[2] as 'glb' | 'webp' } : undefined;
}

function wantsSmallPoster(query: unknown): boolean {
  const width = Number((query as { w?: unknown } | undefined)?.w);
  return Number.isInteger(width) && width > 0 && width <= SMALL_POSTER_SIZE.width;
}

type RevisionFileSender = (request: FastifyRequest, reply: FastifyReply, model: ModelFile, kind: 'glb' | 'webp') => Promise<unknown>;

/** Sends a revision's GLB (negotiated encoding, ranges, revalidation) or poster. */
export function revisionFileSender(blobs: BlobStore): RevisionFileSender {
  const backfill = createBackfill(blobs);

  /** The representation to send: an encoded copy when asked for, no range is asked, and it exists. */
  async function chooseEncoding(request: FastifyRequest, model: ModelFile): Promise<{ encoding: Encoding; key: string; info: BlobInfo } | undefined> {
    if (request.headers.range) return undefined;
    const accepted = negotiate(String(request.headers['accept-encoding'] ?? 'identity'), [...ENCODINGS]) as Encoding | null;
    if (accepted !== 'br' && accepted !== 'gzip') return undefined;
    const key = encodedModelBlobKey(model.projectId, model.revisionNumber, accepted);
    const info = await blobs.stat(key);
    if (!info) {
      backfill(model);
      return undefined;
    }
    return { encoding: accepted, key, info };
  }

  const sendModel = async (request: FastifyRequest, reply: FastifyReply, model: ModelFile) => {
    const plain = await blobs.stat(model.modelBlobKey);
    if (!plain) throw notFound(MODEL_NOT_FOUND);
    const encoded = await chooseEncoding(request, model);
    const info = encoded?.info ?? plain;
    const etag = etagOf(model, info, encoded?.encoding ?? '');
    const notModified = etagMatches(request.headers['if-none-match'], etag);
    const ifRange = request.headers['if-range'];
    const range = encoded || notModified || (ifRange && ifRange !== etag) ? undefined : parseByteRange(request.headers.range, plain.size);
    if (range === 'unsatisfiable') {
      throw new ApiError(416, 'range_not_satisfiable', 'The requested range is outside the file.', {
        'Content-Range': `bytes */${plain.size}`,
      });
    }
    const opened = notModified || request.method === 'HEAD' ? undefined : await blobs.open(encoded?.key ?? model.modelBlobKey, range);
    if (!notModified && request.method !== 'HEAD' && !opened) throw notFound(MODEL_NOT_FOUND);

    reply
      .header('Content-Type', 'model/gltf-binary')
      .header('Cache-Control', MODEL_CACHE_CONTROL)
      .header('Vary', 'Accept-Encoding')
      .header('ETag', etag)
      .header('Accept-Ranges', 'bytes')
      .header('X-Decoded-Length', String(plain.size))
      .header('Last-Modified', info.modifiedAt.toUTCString());
    if (encoded) reply.header('Content-Encoding', encoded.encoding);
    if (notModified) return reply.status(304).send();
    if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${plain.size}`);
    reply.header('Content-Length', String(range ? range.end - range.start + 1 : info.size));
    return reply.send(opened?.stream);
  };

  const sendPoster = async (request: FastifyRequest, reply: FastifyReply, model: ModelFile) => {
    // `?w=` asks for a width: up to the small poster's, that one when the revision has it.
    const small = wantsSmallPoster(request.query) ? smallPosterBlobKey(model.projectId, model.revisionNumber) : undefined;
    const smallInfo = small ? await blobs.stat(small) : undefined;
    const key = small && smallInfo ? small : posterBlobKey(model.projectId, model.revisionNumber);
    const info = smallInfo ?? (await blobs.stat(key));
    if (!info) throw notFound('This model has no poster.');
    const etag = etagOf(model, info, smallInfo ? 'poster-small' : 'poster');
    reply.header('Content-Type', 'image/webp').header('Cache-Control', MODEL_CACHE_CONTROL).header('ETag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    reply.header('Content-Length', String(info.size));
    if (request.method === 'HEAD') return reply.send();
    const opened = await blobs.open(key);
    if (!opened) throw notFound('This model has no poster.');
    return reply.send(opened.stream);
  };

  return (request, reply, model, kind) => (kind === 'webp' ? sendPoster(request, reply, model) : sendModel(request, reply, model));
}

export const modelFileRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs, revisionFileUrls } = app.services;
  const send = revisionFileSender(blobs);

  /** The current revision's files answer anyone with the URL; an older one's only a live signature. */
  const mayRead = async (token: string, model: { revisionNumber: number; currentRevision: number }, sig: unknown) => {
    if (model.revisionNumber === model.currentRevision) return true;
    const signed = revisionFileUrls.verify(token, model.revisionNumber, sig);
    return signed !== undefined && (signed.familyId === null || (await isRefreshFamilyActive(db, signed.familyId)));
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { token, file } = request.params as { token: string; file: string };
    const wanted = parseRevisionFile(file);
    if (!isAccessKeyShape(token) || !wanted) throw notFound(MODEL_NOT_FOUND);
    const model = await findModelByToken(db, token);
    if (!model || model.revisionNumber !== wanted.revision) throw notFound(MODEL_NOT_FOUND);
    if (!(await mayRead(token, model, (request.query as { sig?: unknown } | undefined)?.sig))) throw notFound(MODEL_NOT_FOUND);
    return send(request, reply, model, wanted.kind);
  };

  // Compressed once at conversion: the global compression hook must not touch these answers.
  app.route({ method: ['GET', 'HEAD'], url: '/:token/:file', handler, compress: false });
};
