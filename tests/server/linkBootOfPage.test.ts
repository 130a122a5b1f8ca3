/**
 * The link's files as the service worker and the first frame read them from a page the server
 * wrote: the boot data's element found in the HTML, its JSON read without a schema, and nothing
 * taken from text that only looks like it (a project named like a model URL, another page).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAppShell } from '../../server/http/appShell';
import { bootJsonOfHtml, linkFilesOfBoot } from '../../src/api/linkBoot';
import { makeTempDir } from './helpers/testServer';

const INDEX = '<!doctype html><html><head><title>Cabinet Viewer</title><!--app-head--></head><body><!--app-body--><div id="root"></div></body></html>';
const config = { apiBase: '/api/v1' } as never;
const modelUrl = '/api/v1/projects/accessKeys/abcdefghijklmnopqrstuv/models/3.glb';
const thumbnailUrl = '/api/v1/projects/accessKeys/abcdefghijklmnopqrstuv/models/3.webp';

async function shell() {
  const dir = await makeTempDir();
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'index.html'), INDEX);
  return loadAppShell(dir);
}

describe("a link page's boot data, read without a schema", () => {
  it('gives the model and poster of the revision the page names, its opening mode and whether it shows its hierarchy', async () => {
    // A name that holds what a careless reader would take: a fake model URL and a closing tag.
    const name = 'Kitchen "modelUrl":"/evil.glb" </script><script>x</script>';
    const project = { name, modelUrl, thumbnailUrl, ownerName: 'Olivia', shareOptions: { isWireframeRenderModeAvailable: true, isHierarchyVisible: true } } as never;
    const html = (await shell()).render({ kind: 'shared', accessKey: 'abcdefghijklmnopqrstuv', project, origin: 'http://x' }, config);
    expect(linkFilesOfBoot(bootJsonOfHtml(html))).toEqual({ modelUrl, thumbnailUrl, wireframe: true, hierarchy: true });
  });

  it('gives no poster when the revision has none, and solid without the wireframe option', async () => {
    const project = { name: 'Kitchen', modelUrl, thumbnailUrl: '', ownerName: 'Olivia', shareOptions: {} } as never;
    const html = (await shell()).render({ kind: 'shared', accessKey: 'abcdefghijklmnopqrstuv', project, origin: 'http://x' }, config);
    expect(linkFilesOfBoot(bootJsonOfHtml(html))).toEqual({ modelUrl, thumbnailUrl: null, wireframe: false, hierarchy: false });
  });

  it('gives nothing on a page that is not a link, a link without its project, or damaged data', async () => {
    const app = (await shell()).render({ kind: 'app' }, config);
    expect(bootJsonOfHtml(app)).not.toBeNull();
    expect(linkFilesOfBoot(bootJsonOfHtml(app))).toBeNull();
    const gone = (await shell()).render({ kind: 'shared', accessKey: 'abcdefghijklmnopqrstuv', project: null, origin: 'http://x' }, config);
    expect(linkFilesOfBoot(bootJsonOfHtml(gone))).toBeNull();
    expect(bootJsonOfHtml('<html><body>no boot data</body></html>')).toBeNull();
    expect(linkFilesOfBoot('{"shared":')).toBeNull();
  });
});
