/**
 * How a shared link travels: every text asset and model compressed when the browser asks (the
 * copies made once, at build and at conversion), plain when it does not; the page of /s/{key}
 * carrying the runtime configuration and the shared project and starting the model and poster
 * requests itself; a poster made at conversion with no browser anywhere.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBootData } from '../../src/api/bootData';
import { projectListSchema, type Project } from '../../src/api/schemas';
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import { addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { makeTempDir, startTestServer } from './helpers/testServer';
import { lastMessage, secureToken, startUploadServer, upload, type UploadServer } from './helpers/uploads';

const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(4000))};`;
const INDEX = `<!doctype html><html><head><title>Cabinet Viewer</title><!--app-head--><script type="module" src="/assets/main-1a2b3c4d.js"></script></head><body><!--app-body--><div id="root"></div></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/main-1a2b3c4d.js', isEntry: true, imports: ['_runtime-0000.js'] },
  '_runtime-0000.js': { file: 'assets/runtime-0000.js' },
  'src/ui/viewer/SharedViewerScreen.tsx': { file: 'assets/SharedViewerScreen-5e6f.js', isDynamicEntry: true, imports: ['index.html', '_ViewerLayout-7a8b.js'] },
  'src/ui/viewer/OwnerViewerScreen.tsx': { file: 'assets/OwnerViewerScreen-9c0d.js', isDynamicEntry: true, imports: ['index.html', '_ViewerLayout-7a8b.js'] },
  '_ViewerLayout-7a8b.js': { file: 'assets/ViewerLayout-7a8b.js', imports: ['index.html'] },
  // Found by its chunk name, whatever the bundler calls its key.
  '_chunk-e1e2.js': { file: 'assets/engine-e1e2.js', name: 'engine', imports: ['_runtime-0000.js', '_glbReader-3f4e.js'] },
  // The app's group chunk (vite.config.ts): found by its name too, as the bundler keys it.
  '_startApp-5a5a.js': { file: 'assets/startApp-5a5a.js', name: 'startApp', imports: ['index.html', '_runtime-0000.js', '_routes-6b6b.js'] },
  '_routes-6b6b.js': { file: 'assets/routes-6b6b.js' },
  '_glbReader-3f4e.js': { file: 'assets/glbReader-3f4e.js' },
};
/**
 * A link's first frame as the build writes it (one classic script at the build's root), with what
 * an inline script must not carry as is: the end of its element, a comment's opening, and `$&`,
 * which a replacement string would read as the matched text.
 */
const FIRST_FRAME = `(()=>{window.firstFrameText="</script><!-- $& $' done"})();`;

let server: UploadServer;
let owner: TestUser;
let project: Project;

async function writeBuild(dist: string) {
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(dist, 'first-frame.js'), FIRST_FRAME);
  const asset = path.join(dist, 'assets', 'main-1a2b3c4d.js');
  await writeFile(asset, SCRIPT);
  // What the build's compression step leaves beside each text asset.
  await writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${asset}.gz`, gzipSync(SCRIPT));
}

beforeAll(async () => {
  const dir = await makeTempDir();
  await writeBuild(path.join(dir, 'dist'));
  server = await startUploadServer({ dir });
  owner = await addUser(server, 'Olivia </script> Owner');
  const outcome = await upload(server, {
    kind: 'create',
    secureToken: await secureToken(server, owner.token),
    projectName: "Kitchen & Co's corner",
    fileName: 'kitchen.dae',
    file: await writeSample(generateAssembly({ parts: 40, seed: 2 }), 'dae'),
  });
  const last = lastMessage(outcome);
  if (last?.type !== 'result') throw new Error(`upload failed: ${JSON.stringify(last)}`);
  project = last.project;
  await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { isPublished: true } });
}, 60_000);
afterAll(() => server.close());

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  inject(server, url, { headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers } });

describe('the model of a revision', () => {
  it('travels as brotli, as gzip, or plain, as the browser accepts; each decodes to the same GLB', async () => {
    const plain = await get(project.modelUrl);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.subarray(0, 4).toString()).toBe('glTF');

    const br = await get(project.modelUrl, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.raw).equals(plain.raw)).toBe(true);
    expect(br.raw.length).toBeLessThan(plain.raw.length / 2);

    const gz = await get(project.modelUrl, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.raw).equals(plain.raw)).toBe(true);

    for (const res of [plain, br, gz]) {
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      // The viewer's byte progress counts decoded bytes against this.
      expect(res.headers['x-decoded-length']).toBe(String(plain.raw.length));
      expect(res.headers['content-length']).toBe(String(res.raw.length));
    }
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
  });

  it('revalidates per representation, and serves byte ranges from the plain file', async () => {
    const br = await get(project.modelUrl, 'br');
    const again = await get(project.modelUrl, 'br', { 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    const part = await get(project.modelUrl, 'br', { range: 'bytes=0-3' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.raw.toString()).toBe('glTF');
  });
});

describe('the poster of a revision', () => {
  it('is rendered at conversion, with no browser, and served as a WebP of the Open Graph size', async () => {
    expect(project.thumbnailUrl).toMatch(/^\/api\/v1\/models\/[A-Za-z0-9]{22}\/1\.webp$/);
    const res = await get(project.thumbnailUrl);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.raw).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 630]);
    // Not an empty background: the model is drawn.
    const { channels } = await sharp(res.raw).stats();
    expect(channels[0].max - channels[0].min).toBeGreaterThan(100);
  });

  it('comes small for a card (`?w=` up to 480), the whole poster past it, through the owner\'s URL and the link', async () => {
    const small = await get(`${project.thumbnailUrl}?w=480`);
    expect(small.status).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    const smallMeta = await sharp(small.raw).metadata();
    expect([smallMeta.format, smallMeta.width, smallMeta.height]).toEqual(['webp', 480, 252]);
    const whole = await get(`${project.thumbnailUrl}?w=1200`);
    expect((await sharp(whole.raw).metadata()).width).toBe(1200);
    expect(small.raw.byteLength).toBeLessThan(whole.raw.byteLength / 2);
    expect(small.headers.etag).not.toBe(whole.headers.etag);
    // A revalidation names the variant it holds.
    expect((await get(`${project.thumbnailUrl}?w=240`, undefined, { 'if-none-match': small.headers.etag as string })).status).toBe(304);
    const viaLink = await get(`/api/v1/projects/accessKeys/${project.accessKey}/models/1.webp?w=480`);
    expect(viaLink.raw.equals(small.raw)).toBe(true);
  });

  it('falls back to the whole poster for a revision made before the small one existed', async () => {
    const folder = path.join(server.dir, 'blobs', 'projects', String(project.id), 'r1');
    const kept = await readFile(path.join(folder, 'poster-small.webp'));
    await rm(path.join(folder, 'poster-small.webp'));
    try {
      const answer = await get(`${project.thumbnailUrl}?w=480`);
      expect(answer.status).toBe(200);
      expect((await sharp(answer.raw).metadata()).width).toBe(1200);
    } finally {
      await writeFile(path.join(folder, 'poster-small.webp'), kept);
    }
  });

  it('is named on the shared project too, through the link', async () => {
    const shared = await get(`/api/v1/projects/accessKeys/${project.accessKey}`);
    const { thumbnailUrl } = shared.json as { thumbnailUrl: string };
    expect(thumbnailUrl).toBe(`/api/v1/projects/accessKeys/${project.accessKey}/models/1.webp`);
    const poster = await get(thumbnailUrl);
    expect(poster.headers['content-type']).toBe('image/webp');
    expect(poster.raw.equals((await get(project.thumbnailUrl)).raw)).toBe(true);
  });
});

describe("a guest's model URLs", () => {
  const linkModel = () => `/api/v1/projects/accessKeys/${project.accessKey}/models/1.glb`;
  const setPublished = (isPublished: boolean) =>
    inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { isPublished } });

  it('serve the same model, compressed, while the link is published', async () => {
    const shared = await get(`/api/v1/projects/accessKeys/${project.accessKey}`);
    expect((shared.json as { modelUrl: string }).modelUrl).toBe(linkModel());
    const res = await get(linkModel(), 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.raw).equals((await get(project.modelUrl)).raw)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    // Another revision than the current one is not there.
    expect((await get(`/api/v1/projects/accessKeys/${project.accessKey}/models/2.glb`)).status).toBe(404);
  });

  it('stop when the owner unpublishes (the same 404 as any unknown link), while the owner keeps viewing', async () => {
    await setPublished(false);
    try {
      const model = await get(linkModel());
      const poster = await get(`/api/v1/projects/accessKeys/${project.accessKey}/models/1.webp`);
      const unknown = await get('/api/v1/projects/accessKeys/Unknownkey000000000000/models/1.glb');
      expect([model.status, poster.status]).toEqual([404, 404]);
      expect(model.raw.equals(unknown.raw)).toBe(true);
      expect((await get(project.modelUrl)).status).toBe(200);
    } finally {
      await setPublished(true);
    }
    expect((await get(linkModel())).status).toBe(200);
  });
});

describe('answers made per request and built files', () => {
  it('compresses a JSON answer over 1 KB, and not a small one', async () => {
    for (let i = 0; i < 4; i++) await addProject(server, owner.user.id);
    const list = await get('/api/v1/projects', 'br', { authorization: `Bearer ${owner.token}` });
    expect(list.headers['content-encoding']).toBe('br');
    expect(projectListSchema.parse(JSON.parse(brotliDecompressSync(list.raw).toString()))).toHaveLength(5);
    const config = await get('/config.json', 'br');
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(config.raw.toString())).toHaveProperty('apiBase');
  });

  it('sends the copy of a built asset the browser accepts, and the plain file otherwise', async () => {
    const url = '/assets/main-1a2b3c4d.js';
    const br = await get(url, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.raw).toString()).toBe(SCRIPT);
    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.raw).toString()).toBe(SCRIPT);
    const plain = await get(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString()).toBe(SCRIPT);
    for (const res of [br, gz]) expect(res.headers.vary).toMatch(/accept-encoding/i);
  });
});

describe('the page of a shared link', () => {
  const page = async (url: string, status = 200) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    return res.raw.toString();
  };
  const bootOf = (html: string) => parseBootData(/<script id="cv-boot" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1]);

  it('starts the model and poster requests, and the viewer and engine chunks, from its first HTML, and carries its first-frame script', async () => {
    const res = await get(`/s/${project.accessKey}?filter=Base`);
    expect(res.status).toBe(200);
    const html = res.raw.toString();
    const link = `/api/v1/projects/accessKeys/${project.accessKey}/models/1`;
    // The model first, then the app and the viewer at a low priority.
    const model = html.indexOf(`<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="high" href="${link}.glb">`);
    expect(model).toBeGreaterThan(-1);
    // The poster is in the page itself: the very bytes the poster URL serves, no request of its own.
    expect(html).not.toContain(`<link rel="preload" as="image"`);
    const inline = /<div id="boot-poster" aria-hidden="true"><img src="data:image\/webp;base64,([A-Za-z0-9+/=]+)" data-url="([^"]+)"/.exec(html);
    expect(inline?.[2]).toBe(`${link}.webp`);
    expect(Buffer.from(inline![1], 'base64').equals((await get(`${link}.webp`)).raw)).toBe(true);
    const lowPreload = (chunk: string) => html.indexOf(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/${chunk}">`);
    for (const chunk of ['startApp-5a5a.js', 'routes-6b6b.js', 'SharedViewerScreen-5e6f.js', 'ViewerLayout-7a8b.js', 'engine-e1e2.js', 'glbReader-3f4e.js']) {
      expect(lowPreload(chunk)).toBeGreaterThan(model);
      expect(html.split(`${chunk}"`)).toHaveLength(2);
    }
    // The app first (its start is what the viewer waits for once the first frame is drawn), then the engine.
    expect(lowPreload('startApp-5a5a.js')).toBeLessThan(lowPreload('engine-e1e2.js'));
    for (const chunk of ['SharedViewerScreen-5e6f.js', 'ViewerLayout-7a8b.js']) expect(lowPreload('engine-e1e2.js')).toBeLessThan(lowPreload(chunk));
    // What the main entry loads itself is not named twice.
    expect(html).not.toContain('modulepreload" crossorigin href="/assets/runtime-0000.js');

    // The first-frame script is in the page, after the boot data it reads and the poster it draws
    // over: its text whole, with nothing in it that ends the element or opens a comment.
    const script = /<script id="cv-first-frame">([^]*?)<\/script>/.exec(html);
    expect(script).not.toBeNull();
    expect(script!.index).toBeGreaterThan(html.indexOf('<script id="cv-boot"'));
    expect(script!.index).toBeGreaterThan(html.indexOf('<div id="boot-poster"'));
    const code = script![1];
    expect(code).not.toMatch(/<\/script|<!--/i);
    expect(new Function(`const window = {}; ${code}; return window.firstFrameText;`)()).toBe("</script><!-- $& $' done");
    // The page's content security policy lets that script run, and no other inline one.
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1].split(' ') ?? [];
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toHaveLength(1);
  });

  it('writes a name holding replacement patterns as it is', async () => {
    const name = "Kitchen $& $' $` $1";
    await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { name } });
    try {
      const html = await page(`/s/${project.accessKey}`);
      expect(html).toContain(`<title>Kitchen $&amp; $&#39; $\` $1 – Cabinet Viewer</title>`);
      expect(bootOf(html).shared?.project.name).toBe(name);
    } finally {
      await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { name: project.name } });
    }
  });

  it('carries the runtime configuration and the shared project, so the model request waits on nothing', async () => {
    const boot = bootOf(await page(`/s/${project.accessKey}`));
    expect(boot.config).toMatchObject({ apiBase: '/api/v1' });
    expect(boot.shared?.accessKey).toBe(project.accessKey);
    expect(boot.shared?.project.modelUrl).toBe(`/api/v1/projects/accessKeys/${project.accessKey}/models/1.glb`);
    expect(boot.shared?.project.name).toBe(project.name);
  });

  it('has the project as its title and Open Graph card, with every name escaped', async () => {
    const html = await page(`/s/${project.accessKey}`);
    expect(html).toContain('<title>Kitchen &amp; Co&#39;s corner – Cabinet Viewer</title>');
    expect(html).toContain('<meta property="og:title" content="Kitchen &amp; Co&#39;s corner">');
    // The owner's name holds "</script>": it cannot end the boot data early.
    expect(html).toContain('<meta property="og:description" content="Olivia &lt;/script&gt; Owner · Cabinet Viewer">');
    expect(bootOf(html).shared?.project.ownerName).toBe('Olivia </script> Owner');
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="http://[^"]+/api/v1/projects/accessKeys/${project.accessKey}/models/1.webp">`));
    expect(html.match(/<script/g)).toHaveLength(3); // the boot data, the first frame and the app, nothing injected
  });

  it('names the link by the configured public URL, never by the Host header it was asked with', async () => {
    const forged = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };
    const res = await get(`/s/${project.accessKey}`, undefined, forged);
    expect(res.status).toBe(200);
    const html = res.raw.toString();
    expect(html).not.toContain('attacker.example');
    // Without PUBLIC_URL: the origin the server announces at start (publicOrigin), here on its own port.
    const own = `http://localhost:${new URL(server.baseUrl).port}`;
    expect(html).toContain(`<meta property="og:url" content="${own}/s/${project.accessKey}">`);
    expect(html).toContain(`<meta property="og:image" content="${own}/api/v1/projects/accessKeys/${project.accessKey}/models/1.webp">`);

    // With PUBLIC_URL: that one, whatever the Host.
    const dir = await makeTempDir();
    await writeBuild(path.join(dir, 'dist'));
    const configured = await startTestServer({ dir, env: { PUBLIC_URL: 'https://cabinets.example.com/' } });
    try {
      const someone = await addUser(configured);
      const shared = await addProject(configured, someone.user.id, { published: true });
      const answer = await inject(configured, `/s/${shared.accessKey}`, { headers: forged });
      expect(answer.status).toBe(200);
      const page = answer.raw.toString();
      expect(page).not.toContain('attacker.example');
      expect(page).toContain(`<meta property="og:url" content="https://cabinets.example.com/s/${shared.accessKey}">`);
    } finally {
      await configured.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names nothing of a link that is unknown or no longer published, and answers 404', async () => {
    for (const key of ['Unknownkey000000000000', 'not-a-key']) {
      const html = await page(`/s/${key}`, 404);
      expect(html).not.toContain('rel="preload"');
      expect(bootOf(html).shared).toBeUndefined();
      expect(html).toContain('<title>Cabinet Viewer</title>');
    }
    await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { isPublished: false } });
    try {
      const html = await page(`/s/${project.accessKey}`, 404);
      expect(html).not.toContain('/models/');
      expect(bootOf(html).shared).toBeUndefined();
    } finally {
      await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { isPublished: true } });
    }
  });

  it('pages carry a content security policy: scripts from this origin only, never framed but a link', async () => {
    for (const url of [`/s/${project.accessKey}`, '/login', `/projects/${project.id}`]) {
      const res = await get(url);
      const csp = String(res.headers['content-security-policy']);
      const embeddable = url.startsWith('/s/');
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain(embeddable ? 'frame-ancestors *' : "frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-frame-options']).toBe(embeddable ? undefined : 'SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
    // API answers too.
    expect(String((await get('/api/v1/projects/accessKeys/Unknownkey000000000000')).headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('an owner page preloads the owner viewer and the engine, and every page carries the configuration', async () => {
    const html = await page(`/projects/${project.id}`);
    expect(html).toContain('href="/assets/OwnerViewerScreen-9c0d.js"');
    expect(html).toContain('href="/assets/engine-e1e2.js"');
    // No first frame there: the app and its chunks at the usual priority.
    expect(html).not.toContain('cv-first-frame');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/startApp-5a5a.js">');
    const login = await page('/login');
    expect(bootOf(login).config).toMatchObject({ apiBase: '/api/v1' });
    // Every page asks for the app beside its entry, so the entry's import of it costs no round trip.
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/startApp-5a5a.js">');
    expect(login).not.toContain('engine-e1e2.js');
  });

  it('starts no first frame for a link without a model', async () => {
    const html = await page('/s/AAAAAAAAAAAAAAAAAAAAAA', 404);
    expect(html).not.toContain('cv-first-frame');
    expect(html).not.toContain('firstFrameText');
  });
});
