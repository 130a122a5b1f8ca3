import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, brandingSchema } from '../../src/api/schemas';
import { sniffImageKind } from '../../server/http/uploadedImage';
import { addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await addUser(server);
  other = await addUser(server);
});
afterAll(() => server.close());

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 250, g: 120, b: 20, alpha: 0.5 } } });

const put = (payload: Buffer | string, contentType = 'image/png', token = owner.token) =>
  inject(server, '/api/v1/branding/logo', { method: 'PUT', payload, contentType, token });
const branding = async (token = owner.token) => brandingSchema.parse((await inject(server, '/api/v1/branding', { token })).json);
const logoFiles = async (userId: number) => readdir(path.join(server.dir, 'blobs', 'branding', String(userId))).catch(() => []);

describe('branding logo', () => {
  it('starts without a custom logo and serves the default one', async () => {
    expect(await branding()).toEqual({ isCustomLogo: false });
    const res = await inject(server, '/api/v1/branding/logo', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect((await inject(server, '/api/v1/branding/logo')).status).toBe(401);
  });

  it('takes PNG, JPEG, WebP, GIF and AVIF by their bytes and stores a PNG of at most 400 x 200', async () => {
    const sources: [string, Buffer][] = [
      ['png', await image(1600, 400).png().toBuffer()],
      ['jpeg', await image(300, 900).jpeg().toBuffer()],
      ['webp', await image(120, 60).webp().toBuffer()],
      ['gif', await image(64, 64).gif().toBuffer()],
      ['avif', await image(800, 800).avif().toBuffer()],
    ];
    const expected: Record<string, [number, number]> = {
      png: [400, 100],
      jpeg: [67, 200],
      webp: [120, 60],
      gif: [64, 64],
      avif: [200, 200],
    };
    for (const [kind, bytes] of sources) {
      expect(sniffImageKind(bytes)).toBe(kind);
      // The declared type does not matter: the bytes do.
      expect((await put(bytes, 'application/octet-stream')).status, kind).toBe(204);
      const res = await inject(server, '/api/v1/branding/logo', { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.raw).metadata();
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height], kind).toEqual(expected[kind]);
      expect(await branding()).toEqual({ isCustomLogo: true });
    }
    // Replacing a logo removes the file of the one before.
    expect(await logoFiles(owner.user.id)).toHaveLength(1);
    // Another user's branding is its own.
    expect(await branding(other.token)).toEqual({ isCustomLogo: false });
  });

  it('refuses SVG, HTML, text, JSON and broken images, keeping the current logo', async () => {
    await put(await image(10, 10).png().toBuffer());
    const before = (await inject(server, '/api/v1/branding/logo', { token: owner.token })).raw;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
    const pngHeader = Buffer.from('89504e470d0a1a0a', 'hex');
    const cases: [string, Buffer | string, string, number][] = [
      ['svg', svg, 'image/svg+xml', 415],
      ['svg as png', svg, 'image/png', 415],
      ['html', '<!doctype html><script>alert(1)</script>', 'text/html', 415],
      ['text', 'hello', 'text/plain', 415],
      ['json', JSON.stringify({ logo: 'x' }), 'application/json', 415],
      ['empty', Buffer.alloc(0), 'image/png', 415],
      ['png magic, garbage after', Buffer.concat([pngHeader, Buffer.from('<script>alert(1)</script>'.repeat(4))]), 'image/png', 400],
      ['gif magic, html after', `GIF89a<html><script>alert(1)</script></html>`, 'image/gif', 400],
    ];
    for (const [label, payload, type, status] of cases) {
      const res = await put(payload, type);
      expect(res.status, label).toBe(status);
      apiErrorSchema.parse(res.json);
    }
    expect((await inject(server, '/api/v1/branding/logo', { token: owner.token })).raw.equals(before)).toBe(true);
  });

  it('refuses a file past 5 MB with 413 and a giant image before decoding it', async () => {
    const huge = Buffer.concat([await image(10, 10).png().toBuffer(), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await put(huge)).status).toBe(413);
    // A small PNG whose header claims 8000 x 8000 pixels (256 MB decoded) is refused from its header.
    const bomb = await image(10, 10).png().toBuffer();
    bomb.writeUInt32BE(8000, 16);
    bomb.writeUInt32BE(8000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const res = await put(bomb);
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.json).error).toBe('invalid_image');
  });

  it('removes the logo and its file; removing again is harmless', async () => {
    await put(await image(10, 10).png().toBuffer());
    expect(await logoFiles(owner.user.id)).toHaveLength(1);
    expect((await inject(server, '/api/v1/branding/logo', { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await branding()).toEqual({ isCustomLogo: false });
    expect(await logoFiles(owner.user.id)).toHaveLength(0);
    expect((await inject(server, '/api/v1/branding/logo', { method: 'DELETE', token: owner.token })).status).toBe(204);
    const res = await inject(server, '/api/v1/branding/logo', { token: owner.token });
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});
