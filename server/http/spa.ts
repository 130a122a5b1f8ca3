/**
 * Serves the built single-page app: hashed files under assets/ cached for a year, everything else
 * revalidated; text files as the brotli or gzip copy made at build time when the browser accepts
 * one. Pages (any other GET outside the API) are index.html completed for the page by appShell.ts,
 * so client routes survive a reload and a shared link's first HTML starts everything it needs.
 * A shared link's page is the one page other sites may frame.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, publicOrigin } from '../config';
import { findPublishedProject } from '../db/projects';
import { isAccessKeyShape } from '../domain/accessKeys';
import { loadAppShell, type ShellPage } from './appShell';
import { sendApiNotFound } from './errors';
import { embeddablePageHelmet } from './securityHeaders';
import { etagMatches } from './etag';
import { toSharedProject } from './projectViews';
import { posterBlobKey } from '../domain/projectBlobKeys';
import type { BlobStore } from '../storage/blobStore';
import { runtimeConfigOf } from './runtimeConfig';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Paths that never fall back to index.html: the API, the runtime config and hashed assets. */
function isReservedPath(url: string): boolean {
  const pathname = url.split('?')[0];
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname.startsWith(`${API_BASE}/`) ||
    pathname.startsWith('/assets/') ||
    pathname === '/config.json'
  );
}


/** Posters past this size keep their own request (the page would wait on them). */
const INLINE_POSTER_MAX_BYTES = 48 * 1024;
const INLINE_POSTERS_KEPT = 128;

/**
 * A revision's poster as a data URI for its link's page, read once and kept (a revision's poster
 * never changes; the oldest are dropped past INLINE_POSTERS_KEPT). Undefined when there is none or
 * it is too large to inline.
 */
function inlinePosters(blobs: BlobStore) {
  const kept = new Map<string, string | null>();
  return {
    async dataUri(projectId: number, revision: number): Promise<string | undefined> {
      const key = `${projectId}/${revision}`;
      if (!kept.has(key)) {
        const bytes = await blobs.get(posterBlobKey(projectId, revision));
        const uri = bytes && bytes.byteLength <= INLINE_POSTER_MAX_BYTES ? `data:image/webp;base64,${Buffer.from(bytes).toString('base64')}` : null;
        if (kept.size >= INLINE_POSTERS_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(key, uri);
      }
      return kept.get(key) ?? undefined;
    },
  };
}

/** The page that loads any `?model=` URL into the engine: for tests and benches only. */
const ENGINE_TEST_PAGE = '/engine-test.html';

export async function installSpa(app: FastifyInstance, staticDir: string, production = process.env.NODE_ENV === 'production'): Promise<void> {
  const built = existsSync(path.join(staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'ignore',
      // Pages are rendered below; the bare template is never served as is. The engine test page
      // (built only on request, see vite.config.ts) is never served by a production server.
      allowedPath: (pathname) => pathname !== '/index.html' && !(production && pathname.startsWith(ENGINE_TEST_PAGE)),
      setHeaders: (reply, filePath) => {
        const relative = path.relative(staticDir, filePath).split(path.sep);
        reply.header('Cache-Control', relative[0] === 'assets' ? LONG_CACHE : REVALIDATE);
      },
    });
  }
  const shell = built ? loadAppShell(staticDir) : undefined;
  const { db, config, blobs } = app.services;
  const posters = inlinePosters(blobs);

  async function pageOf(request: FastifyRequest): Promise<ShellPage> {
    const pathname = request.url.split('?')[0];
    const shared = /^\/s\/([^/]+)\/?$/.exec(pathname);
    if (shared) {
      const accessKey = shared[1];
      const found = isAccessKeyShape(accessKey) ? await findPublishedProject(db, accessKey) : undefined;
      // The configured origin (PUBLIC_URL, else the one announced at start), never the request's
      // Host header: a forged Host must not name another site in the link's card.
      const bound = app.server.address();
      const origin = publicOrigin(config, typeof bound === 'object' && bound ? bound.port : config.port).replace(/\/+$/, '');
      const posterDataUri = found ? await posters.dataUri(found.id, found.revisionNumber) : undefined;
      return { kind: 'shared', accessKey, project: found ? toSharedProject(found) : null, origin, posterDataUri };
    }
    if (/^\/projects\/[^/]+\/?$/.test(pathname)) return { kind: 'owner' };
    return { kind: 'app' };
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    if (!shell) {
      return reply
        .status(404)
        .send({ error: 'not_found', message: 'The web app is not built yet: run npm run build, then restart the server.' });
    }
    const page = await pageOf(request);
    const html = shell.render(page, runtimeConfigOf(config));
    // A link that leads nowhere is a 404 with the app's page (which says so): caches drop it.
    if (page.kind === 'shared' && !page.project) reply.status(404);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    reply.header('Cache-Control', REVALIDATE).header('ETag', etag).header('Vary', 'Accept-Encoding');
    // (A 404 page is sent whole: only a found page is revalidated.)
    if (reply.statusCode === 200 && etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  }

  app.get('/', sendPage);
  app.get('/index.html', sendPage);
  // A shared link's page is the only one another site may embed (the per-route helmet options).
  const linkPageHelmet = embeddablePageHelmet(shell?.inlineScriptHashes ?? []);
  for (const url of ['/s/:accessKey', '/s/:accessKey/']) app.get(url, { helmet: linkPageHelmet }, sendPage);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || isReservedPath(request.url)) {
      return reply.status(404).send(sendApiNotFound(request.method, request.url));
    }
    return sendPage(request, reply);
  });
}
