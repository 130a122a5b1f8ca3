/**
 * Embedding a shared link: its page (/s/{key}) is the one answer any site may frame, with the rest
 * of its content security policy unchanged; every other page, the API and the assets still refuse
 * to be framed. The guest cookie a link sets works inside another site's frame over HTTPS.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/http';
import { addProject, addUser, inject } from './helpers/projectFixtures';
import { makeTempDir, startTestServer, type TestServer } from './helpers/testServer';

const INDEX = '<!doctype html><title>app</title><!--app-head--><div id="root"></div><!--app-body-->';

let server: TestServer;
let accessKey: string;
let projectId: number;

beforeAll(async () => {
  const dir = await makeTempDir();
  const dist = path.join(dir, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'main-1a2b3c4d.js'), 'console.log("app")');
  server = await startTestServer({ dir, env: { TRUST_PROXY: 'true', SHARE_RATE_LIMIT: '0' } });
  const owner = await addUser(server, 'Olivia Owner');
  const project = await addProject(server, owner.user.id, { published: true });
  accessKey = project.accessKey;
  projectId = project.id;
});
afterAll(() => server.close());

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(headers: Headers): Map<string, string> {
  const csp = headers.get('content-security-policy') ?? '';
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values.join(' ')]));
}

describe('framing', () => {
  it.each(['', '/', '?cabinet=2'])('a shared link page (/s/{key}%s) may be framed by any site', async (tail) => {
    const result = await call(server.baseUrl, `/s/${accessKey}${tail}`);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/text\/html/);
    expect(directivesOf(result.headers).get('frame-ancestors')).toBe('*');
    expect(result.headers.get('x-frame-options')).toBeNull();
  });

  it('a link that leads nowhere is framed too, so the frame says so instead of a browser error', async () => {
    const result = await call(server.baseUrl, '/s/Unknownkey000000000000');
    expect(result.status).toBe(404);
    expect(directivesOf(result.headers).get('frame-ancestors')).toBe('*');
    expect(result.headers.get('x-frame-options')).toBeNull();
  });

  it('keeps the rest of the policy and the other headers of a page identical on a link page', async () => {
    const link = await call(server.baseUrl, `/s/${accessKey}`);
    const login = await call(server.baseUrl, '/login');
    const linkPolicy = directivesOf(link.headers);
    const loginPolicy = directivesOf(login.headers);
    expect(loginPolicy.get('frame-ancestors')).toBe("'none'");
    linkPolicy.delete('frame-ancestors');
    loginPolicy.delete('frame-ancestors');
    expect(linkPolicy).toEqual(loginPolicy);
    expect(linkPolicy.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
    for (const header of ['x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy', 'cross-origin-opener-policy', 'strict-transport-security']) {
      expect(link.headers.get(header), header).toBe(login.headers.get(header));
    }
  });

  it.each(['/', '/login', '/index.html', `/projects/PROJECT`, '/sandbox', '/s/KEY/extra', `/api/v1/projects/accessKeys/KEY`, '/api/v1/projects', '/config.json', '/assets/main-1a2b3c4d.js'])(
    '%s still refuses to be framed',
    async (url) => {
      const result = await call(server.baseUrl, url.replace('PROJECT', String(projectId)).replace('KEY', accessKey));
      expect(directivesOf(result.headers).get('frame-ancestors')).toBe("'none'");
      expect(result.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    },
  );
});

describe('the guest cookie of a link', () => {
  const comment = { body: { authorName: 'Gus', text: 'Nice oak' } };

  it('over HTTPS is SameSite=None, Secure and Partitioned, so it is kept inside another site’s frame', async () => {
    const created = await inject(server, `/api/v1/projects/accessKeys/${accessKey}/comments`, { ...comment, headers: { 'x-forwarded-proto': 'https' } });
    expect(created.status).toBe(201);
    const attributes = created.cookies.find((c) => c.name === 'guest_id')?.attributes ?? '';
    expect(attributes).toMatch(/SameSite=None/i);
    expect(attributes).toMatch(/(^|;\s*)Secure(;|$)/i);
    expect(attributes).toMatch(/Partitioned/i);
    expect(attributes).toMatch(/HttpOnly/i);
  });

  it('over plain HTTP stays SameSite=Strict (SameSite=None needs Secure)', async () => {
    const created = await inject(server, `/api/v1/projects/accessKeys/${accessKey}/comments`, comment);
    const attributes = created.cookies.find((c) => c.name === 'guest_id')?.attributes ?? '';
    expect(attributes).toMatch(/SameSite=Strict/i);
    expect(attributes).not.toMatch(/Secure|Partitioned/i);
  });
});
