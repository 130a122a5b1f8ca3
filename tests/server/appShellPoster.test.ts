/**
 * The link page's poster: written into the page as a data URI when the server has it, else (a
 * poster too large to inline, or not read) preloaded by its URL, the boot poster pointing at it;
 * and painted before the stylesheet has arrived (the stylesheet follows it in the body, or is in
 * the page itself when the page starts a first frame).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAppShell } from '../../server/http/appShell';
import { makeTempDir } from './helpers/testServer';

const SHEET = '<link rel="stylesheet" crossorigin href="/assets/main-C3jU.css">';
const INDEX = `<!doctype html><html><head><title>Cabinet Viewer</title><!--app-head-->${SHEET}</head><body><!--app-body--><div id="root"></div></body></html>`;
const project = {
  name: 'Kitchen',
  thumbnailUrl: '/api/v1/projects/accessKeys/abcdefghijklmnopqrstuv/models/3.webp',
  modelUrl: '/api/v1/projects/accessKeys/abcdefghijklmnopqrstuv/models/3.glb',
  ownerName: 'Olivia',
} as never;
const config = { apiBase: '/api/v1' } as never;

const CSS = 'body{font-family:Nunito}.a{background:url(/assets/n.woff2)}';

/** The built page; with `firstFrame`, a link's first-frame script and the stylesheet's file as the build writes them. */
async function shell({ firstFrame = false, css = CSS }: { firstFrame?: boolean; css?: string | null } = {}) {
  const dir = await makeTempDir();
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), INDEX);
  if (firstFrame) await writeFile(path.join(dir, 'first-frame.js'), '(()=>{})();');
  if (css !== null) await writeFile(path.join(dir, 'assets', 'main-C3jU.css'), css);
  return loadAppShell(dir);
}

describe('the poster of a link page', () => {
  it('is the picture itself when the server passes it, with no request of its own', async () => {
    const html = (await shell()).render({ kind: 'shared', accessKey: 'abcdefghijklmnopqrstuv', project, origin: 'http://x', posterDataUri: 'data:image/webp;base64,UklGRg==' }, config);
    expect(html).toContain('<img src="data:image/webp;base64,UklGRg==" data-url="/api/v1/projects/accessKeys/abcdefghijklmnopqrstuv/models/3.webp"');
    expect(html).not.toContain('rel="preload" as="image"');
  });

  it('is preloaded by its URL otherwise', async () => {
    const html = (await shell()).render({ kind: 'shared', accessKey: 'abcdefghijklmnopqrstuv', project, origin: 'http://x' }, config);
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/api/v1/projects/accessKeys/abcdefghijklmnopqrstuv/models/3.webp">');
    expect(html).toContain('<img src="/api/v1/projects/accessKeys/abcdefghijklmnopqrstuv/models/3.webp" data-url="/api/v1/projects/accessKeys/abcdefghijklmnopqrstuv/models/3.webp"');
  });
});

describe('the stylesheet of a page', () => {
  it('follows the poster on a link page, before the app root, so the poster paints first', async () => {
    const html = (await shell()).render({ kind: 'shared', accessKey: 'abcdefghijklmnopqrstuv', project, origin: 'http://x', posterDataUri: 'data:image/webp;base64,UklGRg==' }, config);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain(SHEET);
    expect(html.indexOf(SHEET)).toBeGreaterThan(html.indexOf('id="boot-poster"'));
    expect(html.indexOf(SHEET)).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html.split(SHEET)).toHaveLength(2);
  });

  it('stays in the head of every other page', async () => {
    for (const page of [{ kind: 'app' as const }, { kind: 'owner' as const }, { kind: 'shared' as const, accessKey: 'abcdefghijklmnopqrstuv', project: null, origin: 'http://x' }]) {
      const html = (await shell({ firstFrame: true })).render(page, config);
      expect(html.indexOf(SHEET)).toBeLessThan(html.indexOf('</head>'));
      expect(html).not.toContain('<style>body');
    }
  });

  it('is in the page itself on a link page that starts a first frame, after that script and before the app root', async () => {
    const html = (await shell({ firstFrame: true })).render({ kind: 'shared', accessKey: 'abcdefghijklmnopqrstuv', project, origin: 'http://x', posterDataUri: 'data:image/webp;base64,UklGRg==' }, config);
    expect(html).not.toContain('rel="stylesheet"');
    const style = html.indexOf(`<style>${CSS}</style>`);
    expect(style).toBeGreaterThan(html.indexOf('<script id="cv-first-frame">'));
    expect(style).toBeLessThan(html.indexOf('<div id="root">'));
  });

  it('stays a stylesheet link when its file cannot be read, or holds what would end its element', async () => {
    for (const css of [null, 'a{}</style><script>alert(1)</script>']) {
      const html = (await shell({ firstFrame: true, css })).render({ kind: 'shared', accessKey: 'abcdefghijklmnopqrstuv', project, origin: 'http://x' }, config);
      expect(html.indexOf(SHEET)).toBeGreaterThan(html.indexOf('<script id="cv-first-frame">'));
      expect(html).not.toContain('alert(1)');
    }
  });
});
