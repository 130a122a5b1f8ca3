/**
 * GET /api/v1/models/{secret}/{revision}.glb: the converted model of a project revision. The
 * secret is random (like an access key) and changes with every revision, so the URL is a
 * capability: whoever has it may read, it never changes content (cached for a year, immutable),
 * and it stops working at the next revision or when the project is deleted.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { findModelByToken } from '../db/projects';
import { isAccessKeyShape } from '../domain/accessKeys';
import { ApiError, notFound } from './errors';
import { parseByteRange } from './byteRange';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const MODEL_NOT_FOUND = 'No such model.';

function etagMatches(header: string | undefined, etag: string): boolean {
  return !!header && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
}

export const modelFileRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs } = app.services;

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { token, file } = request.params as { token: string; file: string };
    const revision = /^([0-9]{1,9})\.glb$/.exec(file)?.[1];
    if (!isAccessKeyShape(token) || revision === undefined) throw notFound(MODEL_NOT_FOUND);
    const model = await findModelByToken(db, token);
    if (!model || model.revisionNumber !== Number(revision)) throw notFound(MODEL_NOT_FOUND);
    const info = await blobs.stat(model.modelBlobKey);
    if (!info) throw notFound(MODEL_NOT_FOUND);

    const etag = `"r${model.revisionNumber}-${info.size.toString(36)}-${Math.trunc(info.modifiedAt.getTime()).toString(36)}"`;
    const notModified = etagMatches(request.headers['if-none-match'], etag);
    const ifRange = request.headers['if-range'];
    const range = notModified || (ifRange && ifRange !== etag) ? undefined : parseByteRange(request.headers.range, info.size);
    if (range === 'unsatisfiable') {
      throw new ApiError(416, 'range_not_satisfiable', 'The requested range is outside the file.', {
        'Content-Range': `bytes */${info.size}`,
      });
    }
    const opened = notModified || request.method === 'HEAD' ? undefined : await blobs.open(model.modelBlobKey, range);
    if (!notModified && request.method !== 'HEAD' && !opened) throw notFound(MODEL_NOT_FOUND);

    reply
      .header('Content-Type', 'model/gltf-binary')
      .header('Cache-Control', IMMUTABLE)
      .header('ETag', etag)
      .header('Accept-Ranges', 'bytes')
      .header('Last-Modified', info.modifiedAt.toUTCString());
    if (notModified) return reply.status(304).send();
    if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    reply.header('Content-Length', String(range ? range.end - range.start + 1 : info.size));
    return reply.send(opened?.stream);
  };

  app.route({ method: ['GET', 'HEAD'], url: '/:token/:file', handler });
};
