/**
 * The textures of a project's quote options (src/model/quote/quoteTexture.ts):
 *   PUT /projects/{id}/options/textures            the owner uploads an image (the raw file, at most
 *                                                   QUOTE_TEXTURE_MAX_BYTES: 413 beyond, 415 for
 *                                                   another kind, 400 for bytes that do not decode);
 *                                                   201 `{texture, colour, url}`: its id, the colour
 *                                                   it averages to (the choice's swatch), its address;
 *   GET /projects/{id}/options/textures/{texture}   the stored JPEG, to the owner's editor;
 *   GET /projects/accessKeys/{key}/options/textures/{texture}  the same, to a link offering options.
 * A texture's id is random (128 bits) and it never changes, so it is served for a year. The owner's
 * address needs no token, as an <img> sends none: the id is the key (docs/decisions.md).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { QuoteOptions } from '../../src/model/quote/quoteOptions';
import { QUOTE_TEXTURE_MAX_BYTES, QUOTE_TEXTURE_MAX_MEGABYTES, TEXTURE_ID } from '../../src/model/quote/quoteTexture';
import { API_BASE } from '../config';
import type { BlobStore } from '../storage/blobStore';
import { canReadOptions } from '../domain/permissions';
import { quoteTextureBlobKey } from '../domain/projectBlobKeys';
import { ApiError, notFound } from './errors';
import { parseId, SHARED_NOT_FOUND } from './params';
import { ownerScope, linkScope } from './projectScope';
import { normalizeTexture, UNSUPPORTED_TEXTURE } from './uploadedImage';

/** The address of a texture for the owner (by project id) or a link (by access key). */
export function textureUrl(via: { projectId: number } | { accessKey: string }, texture: string): string {
  return 'accessKey' in via ? `${API_BASE}/projects/accessKeys/${via.accessKey}/options/textures/${texture}` : `${API_BASE}/projects/${via.projectId}/options/textures/${texture}`;
}

/** Texture id -> address, for every texture these options name. */
export function textureUrls(options: QuoteOptions, via: { projectId: number } | { accessKey: string }): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const group of options.groups) for (const choice of group.choices) if (choice.texture) urls[choice.texture] = textureUrl(via, choice.texture);
  return urls;
}

const TEXTURE_NOT_FOUND = 'This texture does not exist.';
const TEXTURE_TOO_LARGE = `The texture must be at most ${QUOTE_TEXTURE_MAX_MEGABYTES} MB.`;

const textureOf = (params: unknown): string => {
  const texture = (params as { texture?: unknown }).texture;
  if (typeof texture !== 'string' || !TEXTURE_ID.test(texture)) throw notFound(TEXTURE_NOT_FOUND);
  return texture;
};

async function sendTexture(blobs: BlobStore, reply: FastifyReply, projectId: number, texture: string) {
  const jpeg = await blobs.get(quoteTextureBlobKey(projectId, texture));
  if (!jpeg) throw notFound(TEXTURE_NOT_FOUND);
  return reply.header('Content-Type', 'image/jpeg').header('Cache-Control', 'private, max-age=31536000, immutable').send(jpeg);
}

/** The ids among these that name no stored texture of the project. */
export async function missingTextures(blobs: BlobStore, projectId: number, textures: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const texture of new Set(textures)) if (!(await blobs.stat(quoteTextureBlobKey(projectId, texture)))) missing.push(texture);
  return missing;
}

/** Under /projects/{id}. */
export const ownerQuoteTextureRoutes: FastifyPluginAsync = async (app) => {
  const { blobs } = app.services;
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: QUOTE_TEXTURE_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.put(
    '/options/textures',
    {
      bodyLimit: QUOTE_TEXTURE_MAX_BYTES,
      onRequest: [
        // Said in words before a byte is read, when the request gives its length.
        async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > QUOTE_TEXTURE_MAX_BYTES) throw new ApiError(413, 'payload_too_large', TEXTURE_TOO_LARGE);
        },
        app.authenticate,
      ],
    },
    async (request, reply) => {
      const scope = await ownerScope(request);
      if (!Buffer.isBuffer(request.body)) throw new ApiError(415, 'unsupported_media_type', UNSUPPORTED_TEXTURE);
      const { jpeg, colour } = await normalizeTexture(request.body);
      const texture = randomBytes(16).toString('hex');
      await blobs.put(quoteTextureBlobKey(scope.project.id, texture), jpeg);
      return reply.status(201).send({ texture, colour, url: textureUrl({ projectId: scope.project.id }, texture) });
    },
  );

  app.get('/options/textures/:texture', async (request, reply) => {
    const projectId = parseId((request.params as { id?: unknown }).id, TEXTURE_NOT_FOUND);
    return sendTexture(blobs, reply, projectId, textureOf(request.params));
  });
};

/** Under /projects/accessKeys/{key}. */
export const linkQuoteTextureRoutes: FastifyPluginAsync = async (app) => {
  const { blobs } = app.services;
  app.get('/options/textures/:texture', { onRequest: app.identify }, async (request, reply) => {
    const scope = await linkScope(request);
    if (!canReadOptions(scope.via, scope.project)) throw notFound(SHARED_NOT_FOUND);
    return sendTexture(blobs, reply, scope.project.id, textureOf(request.params));
  });
};
