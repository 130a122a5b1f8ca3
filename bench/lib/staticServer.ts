/** A minimal static file server for bench pages: URL prefixes mapped to folders or in-memory files. */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

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

export interface StaticServer {
  url: string;
  /** Serve bytes at a path (e.g. a generated model). */
  put(path: string, bytes: Uint8Array, type?: string): void;
  close(): Promise<void>;
}

export async function startStaticServer(mounts: Record<string, string>): Promise<StaticServer> {
  const memory = new Map<string, { bytes: Uint8Array; type: string }>();
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const inMemory = memory.get(path);
    if (inMemory) {
      res.writeHead(200, { 'content-type': inMemory.type, 'content-length': inMemory.bytes.length });
      res.end(inMemory.bytes);
      return;
    }
    for (const [prefix, folder] of Object.entries(mounts)) {
      if (!path.startsWith(prefix)) continue;
      const rel = normalize(path.slice(prefix.length)).replace(/^(\.\.[/\\])+/, '');
      const file = join(folder, rel);
      try {
        const stat = statSync(file);
        if (!stat.isFile()) continue;
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': stat.size });
        createReadStream(file).pipe(res);
        return;
      } catch {
        continue;
      }
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    put: (path, bytes, type = TYPES[extname(path)] ?? 'application/octet-stream') => void memory.set(path, { bytes, type }),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
