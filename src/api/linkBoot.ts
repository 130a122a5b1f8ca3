/**
 * What a link's page carries in its boot data (`<script id="cv-boot" type="application/json">`,
 * written by server/http/appShell.ts): read the same way by the link's first frame (from the
 * document) and by the service worker (from the page's HTML, which it stores). No schema: neither
 * script carries zod, and the page's app checks the whole boot data with its own.
 */
import { BOOT_ELEMENT_ID } from '../model/pageIds';

export interface LinkBootFiles {
  /** The current revision's model. */
  modelUrl: string;
  /** Its poster, when it has one. */
  thumbnailUrl: string | null;
  /** The link opens in wireframe (its share options offer it). */
  wireframe: boolean;
  /** The link shows its hierarchy (which opens by itself beside the model on a large window). */
  hierarchy: boolean;
}

/** The boot data's JSON text in a page's HTML, or null. The server escapes `<` in it, so the element's end is its first `</script>`. */
export function bootJsonOfHtml(html: string): string | null {
  const start = html.indexOf(`<script id="${BOOT_ELEMENT_ID}" type="application/json">`);
  if (start < 0) return null;
  const from = html.indexOf('>', start) + 1;
  const end = html.indexOf('</script>', from);
  return end < 0 ? null : html.slice(from, end);
}

/** The link's files as its boot data names them, or null on any other page (or damaged data). */
export function linkFilesOfBoot(json: string | null | undefined): LinkBootFiles | null {
  try {
    const data = JSON.parse(json ?? 'null') as {
      shared?: { project?: { modelUrl?: unknown; thumbnailUrl?: unknown; shareOptions?: { isWireframeRenderModeAvailable?: unknown; isOptionsAvailable?: unknown; isHierarchyVisible?: unknown } } };
    } | null;
    const project = data?.shared?.project;
    if (typeof project?.modelUrl !== 'string' || project.modelUrl === '') return null;
    return {
      modelUrl: project.modelUrl,
      thumbnailUrl: typeof project.thumbnailUrl === 'string' && project.thumbnailUrl !== '' ? project.thumbnailUrl : null,
      // As the viewer starts (viewerToolsMachine): wireframe where offered, solid on a link with finishes to choose.
      wireframe: project.shareOptions?.isWireframeRenderModeAvailable === true && project.shareOptions.isOptionsAvailable !== true,
      hierarchy: project.shareOptions?.isHierarchyVisible === true,
    };
  } catch {
    return null;
  }
}
