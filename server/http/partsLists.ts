/**
 * The parts list of a project's current revision, read from the encoded names in its stored GLB
 * (only the header and the JSON chunk are read, never the geometry):
 *   GET /api/v1/projects/{id}/parts.csv and /projects/accessKeys/{key}/parts.csv (`?unit=mm|in`)
 *   GET /api/v1/projects/{id}/parts: the part tree (encoded names), for the labels page.
 * A link answers only where the owner enabled `isPartsListAvailable`; otherwise the same 404 as
 * any link route.
 */
import { optionsInForce } from '../../src/model/quote/quoteOptions';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { buildPartsList, partsListCsv, partsListFileName, type NamedTree } from '../../src/model/parts/partsList';
import { distanceUnitSchema } from '../../src/api/schemas';
import { namedTreeOfGltf } from '../../src/model/parts/gltfPartTree';
import { GLB_HEADER_BYTES, glbJsonLength } from '../../src/model/glbChunks';
import { canReadPartsList } from '../domain/permissions';
import type { Db } from '../db/database';
import { findQuoteOptions } from '../db/quotes';
import { findWorkshopSettings } from '../db/workshopSettings';
import { workshopPartsOf } from '../../src/model/cutting/workshopParts';
import type { WorkshopSettings } from '../../src/model/cutting/workshopSettings';
import { treeWithChoices } from '../../src/model/quote/quotePrice';
import type { BlobStore } from '../storage/blobStore';
import { notFound, parseInput } from './errors';
import { SHARED_NOT_FOUND } from './params';
import { attachmentDisposition } from './projectExport';
import { scopeResolver, type ProjectScope } from './projectScope';

const NO_MODEL = 'This project has no model yet.';
/** A JSON chunk larger than this is not read (the part names of 100,000 parts take a few MB). */
const MAX_JSON_BYTES = 64 * 1024 * 1024;

const csvQuerySchema = z.object({ unit: z._default(distanceUnitSchema, 'mm') });

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function readRange(blobs: BlobStore, key: string, start: number, end: number): Promise<Buffer | undefined> {
  const opened = await blobs.open(key, { start, end });
  return opened ? readAll(opened.stream) : undefined;
}

/** The glTF JSON of a stored GLB (only the header and the JSON chunk are read); undefined when unreadable. */
export async function readGlbJson(blobs: BlobStore, key: string | null): Promise<unknown> {
  const info = key ? await blobs.stat(key) : undefined;
  if (!key || !info || info.size < GLB_HEADER_BYTES) return undefined;
  const header = await readRange(blobs, key, 0, GLB_HEADER_BYTES - 1);
  const length = header ? glbJsonLength(header) : undefined;
  if (length === undefined || length > MAX_JSON_BYTES || GLB_HEADER_BYTES + length > info.size) return undefined;
  if (length === 0) return {};
  const json = await readRange(blobs, key, GLB_HEADER_BYTES, GLB_HEADER_BYTES + length - 1);
  try {
    return json ? (JSON.parse(json.toString('utf8')) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The part tree of the scope's current revision; 404 when it has no readable model. */
export async function partTreeOf(blobs: BlobStore, scope: ProjectScope): Promise<NamedTree> {
  const json = await readGlbJson(blobs, scope.project.modelBlobKey);
  if (json === undefined) throw notFound(NO_MODEL);
  return namedTreeOfGltf(json);
}

/**
 * The part tree the workshop's files are made from: the current revision's, with the boards and
 * hardware of the approved choices when the client approved this revision on options
 * (`treeWithChoices`); otherwise the model's.
 */
export async function workshopTreeOf(services: { db: Db; blobs: BlobStore }, scope: ProjectScope, settings?: WorkshopSettings): Promise<NamedTree> {
  const tree = await partTreeOf(services.blobs, scope);
  const { approval, revisionNumber, ownerId, id } = scope.project;
  if (!approval?.quote || approval.revisionNumber !== revisionNumber || Object.keys(approval.quote.choices).length === 0) return tree;
  const [owned, options] = await Promise.all([settings ?? findWorkshopSettings(services.db, ownerId), findQuoteOptions(services.db, id)]);
  return treeWithChoices(tree, workshopPartsOf(tree, owned), optionsInForce(options, owned.quoteOptions).options, approval.quote.choices);
}

/** The routes under one prefix: `via: 'owner'` under /projects/:id, `'link'` under /projects/accessKeys/:accessKey. */
export const partsListRoutes: FastifyPluginAsync<{ via: 'owner' | 'link' }> = async (app, { via }) => {
  const { blobs } = app.services;
  const resolve = scopeResolver(via);
  const hooks = { onRequest: via === 'owner' ? app.authenticate : app.identify };

  const allowedScope = async (request: FastifyRequest) => {
    const scope = await resolve(request);
    if (!canReadPartsList(scope.via, scope.project)) throw notFound(SHARED_NOT_FOUND);
    return scope;
  };

  app.get('/parts.csv', hooks, async (request, reply) => {
    const scope = await allowedScope(request);
    const { unit } = parseInput(csvQuerySchema, request.query ?? {});
    // The boards of the client's approved choices, where they approved this revision on options.
    const csv = partsListCsv(buildPartsList(await workshopTreeOf(app.services, scope)), unit);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(partsListFileName(scope.project.name)))
      .header('Cache-Control', 'no-store')
      .send(csv);
  });

  if (via === 'owner') {
    app.get('/parts', hooks, async (request, reply): Promise<NamedTree> => {
      const scope = await allowedScope(request);
      reply.header('Cache-Control', 'no-store');
      return partTreeOf(blobs, scope);
    });
  }
};
