/**
 * The built index.html, completed per page so that everything a first frame needs starts from the
 * first HTML in one round of requests:
 * - every page carries the runtime configuration inline (no /config.json round trip);
 * - a viewer page names its lazy chunks and the engine chunk as module preloads (read from Vite's
 *   manifest), so they download while the main chunk runs;
 * - a shared link's page also carries the shared project, preloads its model and its poster, shows
 *   the poster at once (before any script), carries its first-frame script (which downloads the
 *   model and draws it before the app has arrived), and has its own title and Open Graph tags.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { APP_CHUNK_NAME, APP_ENTRIES, chunkKeyOf, ENGINE_CHUNK_NAME, FIRST_FRAME_FILE } from '../../src/api/appEntries';
import { BOOT_ELEMENT_ID, BOOT_POSTER_ID, FIRST_FRAME_SCRIPT_ID } from '../../src/model/pageIds';
import type { runtimeConfigSchema, sharedProjectSchema } from '../../src/api/schemas';
import { POSTER_SIZE, VIEWER_BACKGROUND } from '../../src/model/viewerVocabulary';

type RuntimeConfigWire = z.input<typeof runtimeConfigSchema>;
export type SharedProjectWire = z.input<typeof sharedProjectSchema>;

export type ShellPage =
  | { kind: 'app' }
  | { kind: 'owner' }
  | {
      kind: 'shared';
      accessKey: string;
      project: SharedProjectWire | null;
      origin: string;
      /** The poster itself, written into the page so that it needs no request of its own. */
      posterDataUri?: string;
    };

/** What this reads of an entry of Vite's manifest. */
interface ManifestChunk {
  file: string;
  /** The chunk's name: its entry's key in the build's inputs, or its group's name. */
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const HEAD_MARK = '<!--app-head-->';
const BODY_MARK = '<!--app-body-->';
// The build's named modules (src/api/appEntries.ts, shared with vite.config.ts).
const VIEWER_SCREENS = { owner: APP_ENTRIES.ownerViewer, shared: APP_ENTRIES.sharedViewer } as const;

/** Text for an HTML text node or a double-quoted attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Every chunk `roots` load statically (themselves included). */
function closureOf(manifest: Manifest, roots: string[]): Set<string> {
  const into = new Set<string>();
  const walk = (key: string) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  for (const root of roots) walk(root);
  return into;
}

/** The files of `roots` beyond what the main entry already loads, as URLs. */
function beyondEntry(manifest: Manifest, roots: string[]): string[] {
  const loaded = closureOf(manifest, [APP_ENTRIES.page]);
  return [...closureOf(manifest, roots)].filter((key) => !loaded.has(key)).map((key) => `/${manifest[key].file}`);
}

/** The app's own chunk (loaded by the entry once it may start) and its imports beyond the entry's. */
function appPreloads(manifest: Manifest): string[] {
  const app = chunkKeyOf(manifest, APP_ENTRIES.app, APP_CHUNK_NAME);
  return app ? beyondEntry(manifest, [app]) : [];
}

/**
 * A link's first script (built apart as one classic script: vite.config.ts), as the text of an
 * inline script, or null in a build without it. In the page itself, it needs no request: on a
 * browser's six connections per host its three files took three of the first round's six, and the
 * engine and the app, the largest downloads, waited for the next round, a round trip later.
 */
function readFirstFrameScript(staticDir: string): string | null {
  let code: string;
  try {
    code = readFileSync(path.join(staticDir, FIRST_FRAME_FILE), 'utf8');
  } catch {
    return null;
  }
  // Nothing in it may end the element or open a comment (only string and pattern text could).
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/**
 * The page's stylesheets as `<style>` elements, for a link's page: in the page, the stylesheet
 * needs no request of its own. Null when one cannot be read or could end its element.
 */
function readStylesheets(staticDir: string, links: readonly string[]): string[] | null {
  const sheets: string[] = [];
  for (const link of links) {
    const href = /href="\/([^"]+)"/.exec(link)?.[1];
    if (!href) return null;
    let css: string;
    try {
      css = readFileSync(path.join(staticDir, href), 'utf8');
    } catch {
      return null;
    }
    if (/<\/style/i.test(css)) return null;
    sheets.push(`<style>${css}</style>`);
  }
  return sheets;
}

/**
 * The files a viewer screen needs beyond what the main entry already loads: the engine first (the
 * largest: asked for before them, it downloads beside the many small chunks instead of after them,
 * on a browser's six connections per host), then the screen's chunk and its imports.
 */
function viewerPreloads(manifest: Manifest, screen: string): string[] {
  const engine = chunkKeyOf(manifest, APP_ENTRIES.engine, ENGINE_CHUNK_NAME);
  const files = beyondEntry(manifest, engine ? [screen, engine] : [screen]);
  const first = engine ? `/${manifest[engine].file}` : '';
  return [...files.filter((file) => file === first), ...files.filter((file) => file !== first)];
}

const STYLESHEET = /<link rel="stylesheet"[^>]*>\s*/g;

const BOOT_POSTER_STYLE =
  `#${BOOT_POSTER_ID}{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:${VIEWER_BACKGROUND};z-index:0;pointer-events:none}` +
  `#${BOOT_POSTER_ID} img{max-width:100%;max-height:100%;object-fit:contain}`;

interface AppShell {
  render(page: ShellPage, config: RuntimeConfigWire): string;
  /** The content security policy's sources for the inline scripts a link's page carries (`'sha256-…'`). */
  inlineScriptHashes: string[];
}

export function loadAppShell(staticDir: string): AppShell {
  const template = readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(readFileSync(path.join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    // A build without a manifest still works: the chunks are then discovered by the browser.
  }
  const preloads = {
    owner: viewerPreloads(manifest, VIEWER_SCREENS.owner),
    shared: viewerPreloads(manifest, VIEWER_SCREENS.shared),
  };
  const firstFrame = readFirstFrameScript(staticDir);
  // The stylesheet links, and the page without them (a link's page has them in its body), split once.
  const sheetLinks = template.match(STYLESHEET) ?? [];
  const withoutSheets = template.replace(STYLESHEET, '');
  const inlineSheets = readStylesheets(staticDir, sheetLinks);
  const app = appPreloads(manifest);
  const modulePreloads = (files: string[], priority = '') =>
    files.map((file) => `<link rel="modulepreload" crossorigin${priority && ` fetchpriority="${priority}"`} href="${escapeHtml(file)}">`).join('');

  return {
    inlineScriptHashes: firstFrame === null ? [] : [`'sha256-${createHash('sha256').update(firstFrame).digest('base64')}'`],
    render(page, config) {
      const head: string[] = [];
      const body: string[] = [];
      const boot: Record<string, unknown> = { config };
      let title: string | undefined;
      const startsFirstFrame = page.kind === 'shared' && !!page.project?.modelUrl && firstFrame !== null;
      if (page.kind !== 'shared') head.push(modulePreloads(app));
      if (page.kind === 'owner') head.push(modulePreloads(preloads.owner.filter((file) => !app.includes(file))));
      if (page.kind === 'shared') {
        // The model first: it is what the first picture waits for.
        if (page.project?.modelUrl) {
          head.push(`<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="high" href="${escapeHtml(page.project.modelUrl)}">`);
        }
        // The app, the engine and the viewer after it, low: on a mobile network they would otherwise
        // take the bandwidth the model's few kilobytes wait for. The app is asked for first: once the
        // first frame is on screen, its start and the viewer's first render are what the viewer
        // waits for, and the engine, asked for next, arrives meanwhile.
        const rest = [...app, ...preloads.shared].filter((file, i, all) => all.indexOf(file) === i);
        head.push(modulePreloads(rest, startsFirstFrame ? 'low' : ''));
        const project = page.project;
        if (project) {
          boot.shared = { accessKey: page.accessKey, project };
          title = `${project.name} – Cabinet Viewer`;
          const poster = project.thumbnailUrl ? `${page.origin}${project.thumbnailUrl}` : '';
          if (project.thumbnailUrl) {
            // In the page when the server could read it (on a mobile network its own request would
            // cost a connection and a round trip after the page's); else preloaded by URL.
            const src = page.posterDataUri ?? project.thumbnailUrl;
            if (!page.posterDataUri) head.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(src)}">`);
            head.push(`<style>${BOOT_POSTER_STYLE}</style>`);
            body.push(
              `<div id="${BOOT_POSTER_ID}" aria-hidden="true"><img src="${escapeHtml(src)}" data-url="${escapeHtml(project.thumbnailUrl)}" alt="" fetchpriority="high" elementtiming="poster"></div>`,
            );
          }
          head.push(
            `<meta property="og:type" content="website">`,
            `<meta property="og:title" content="${escapeHtml(project.name)}">`,
            `<meta property="og:description" content="${escapeHtml(`${project.ownerName} · Cabinet Viewer`)}">`,
            `<meta property="og:url" content="${escapeHtml(`${page.origin}/s/${page.accessKey}`)}">`,
            `<meta name="twitter:card" content="${poster ? 'summary_large_image' : 'summary'}">`,
          );
          if (poster) head.push(`<meta property="og:image" content="${escapeHtml(poster)}">`, `<meta property="og:image:width" content="${POSTER_SIZE.width}">`, `<meta property="og:image:height" content="${POSTER_SIZE.height}">`);
        }
      }
      head.push(`<script id="${BOOT_ELEMENT_ID}" type="application/json">${jsonForScript(boot)}</script>`);
      if (startsFirstFrame) {
        // In the body, after the poster (it adds its canvas to the body, and the poster paints
        // first) and before the stylesheet (a script after a stylesheet waits for it): it starts
        // as the page is read, and makes the WebGL context while the model arrives.
        body.push(`<script id="${FIRST_FRAME_SCRIPT_ID}">${firstFrame}</script>`);
      }
      let source = template;
      if (body.length > 0) {
        // The stylesheet moves after the poster: in the body it holds back only what follows it (the
        // app's root), so the poster paints as soon as the page is in, not a stylesheet's round trip later.
        source = withoutSheets;
        // On a link's page that starts a first frame, the stylesheet is in the page too: one request
        // less in the first round, where the app and the engine then both fit.
        body.push(...(startsFirstFrame && inlineSheets ? inlineSheets : sheetLinks));
      }
      // Replaced by functions: in a replacement string, `$&` or `$'` (a project's name, the script's
      // code) would stand for parts of the page.
      let html = source.replace(HEAD_MARK, () => head.join('')).replace(BODY_MARK, () => body.join(''));
      if (title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
      return html;
    },
  };
}
