/**
 * Serves the built single-page app: hashed files under assets/ cached for a year, everything else
 * revalidated; any other GET outside the API answers index.html so client routes survive a reload.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../config';
import { sendApiNotFound } from './errors';

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

export async function installSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(path.join(staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      dotfiles: 'ignore',
      setHeaders: (reply, filePath) => {
        const relative = path.relative(staticDir, filePath).split(path.sep);
        reply.header('Cache-Control', relative[0] === 'assets' ? LONG_CACHE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || isReservedPath(request.url)) {
      return reply.status(404).send(sendApiNotFound(request.method, request.url));
    }
    if (!built) {
      return reply
        .status(404)
        .send({ error: 'not_found', message: 'The web app is not built yet: run npm run build, then restart the server.' });
    }
    reply.header('Cache-Control', REVALIDATE);
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
