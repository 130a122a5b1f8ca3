/**
 * A minimal static file server for bench pages: URL prefixes mapped to folders or in-memory files.
 * With `gzip`, it behaves like an ordinary static host: compressible answers are gzipped when the
 * browser accepts it, and every answer has an ETag and Last-Modified for revalidation (304).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|wasm)|image\/svg|model\/gltf)/;

export interface StaticServer {
  url: string;
  /** Serve bytes at a path (e.g. a generated model). */
  put(path: string, bytes: Uint8Array, type?: string): void;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  /** Gzip compressible answers (level 6, as common hosts do) and answer conditional requests. */
  gzip?: boolean;
}

interface Found {
  bytes: Uint8Array;
  type: string;
  modified: Date;
}

export async function startStaticServer(mounts: Record<string, string>, options: StaticServerOptions = {}): Promise<StaticServer> {
  const memory = new Map<string, Found>();
  const gzipped = new Map<Uint8Array, Buffer>();
  const find = (path: string): Found | undefined => {
    const inMemory = memory.get(path);
    if (inMemory) return inMemory;
    for (const [prefix, folder] of Object.entries(mounts)) {
      if (!path.startsWith(prefix)) continue;
      const rel = normalize(path.slice(prefix.length)).replace(/^(\.\.[/\\])+/, '');
      const file = join(folder, rel);
      try {
        const stat = statSync(file);
        if (!stat.isFile()) continue;
        return { bytes: readFileSync(file), type: TYPES[extname(file)] ?? 'application/octet-stream', modified: stat.mtime };
      } catch {
        continue;
      }
    }
    return undefined;
  };
  const server: Server = createServer((req, res) => {
    const found = find(decodeURIComponent((req.url ?? '/').split('?')[0]));
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    if (!options.gzip) {
      res.writeHead(200, { 'content-type': found.type, 'content-length': found.bytes.length });
      res.end(found.bytes);
      return;
    }
    const etag = `"${createHash('sha1').update(found.bytes).digest('hex').slice(0, 16)}"`;
    const headers: Record<string, string | number> = { 'content-type': found.type, etag, 'last-modified': found.modified.toUTCString(), vary: 'Accept-Encoding' };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    let body: Uint8Array = found.bytes;
    if (COMPRESSIBLE.test(found.type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let cached = gzipped.get(found.bytes);
      if (!cached) gzipped.set(found.bytes, (cached = gzipSync(found.bytes, { level: 6 })));
      body = cached;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    put: (path, bytes, type = TYPES[extname(path)] ?? 'application/octet-stream') => void memory.set(path, { bytes, type, modified: new Date() }),
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
