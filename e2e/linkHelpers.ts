/** A fresh owner with a published project made from a generated kitchen through the real upload socket. */
import type { Page } from '@playwright/test';
import { publish, uploadProject } from '../bench/lib/appServer';
import { generateAssembly } from '../samples/generate';
import { writeSample } from '../samples/writers/index';
import { E2E_PORT } from '../playwright.config';
import { admin, uniqueUser } from './admin';

export const e2eServer = { url: `http://127.0.0.1:${E2E_PORT}`, stop: async () => {} };
/** A headset's browser (WebXR with immersive-ar, no AR viewer app of its own), as it names itself. */
export const HEADSET_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64; Quest 3) AppleWebKit/537.36 (KHTML, like Gecko) OculusBrowser/35.0 Chrome/126.0 VR Safari/537.36';
export const LINK_OWNER_PASSWORD = 'shared-link-password';

export interface PublishedLink {
  username: string;
  accessKey: string;
  /** The owner's URLs of the revision's files. */
  modelUrl: string;
  thumbnailUrl: string;
  /** A guest's URLs of the same files, through the link. */
  sharedModelUrl: string;
  sharedThumbnailUrl: string;
  projectId: number;
  token: string;
}

export async function publishedKitchen(parts = 60, name = 'Link kitchen'): Promise<PublishedLink> {
  const username = uniqueUser('link');
  await admin('user', 'add', username, '--password', LINK_OWNER_PASSWORD, '--name', 'Link Owner');
  await admin('plan', 'add', username, '--sku', 'UNLIMITED', '--name', 'Unlimited');
  const login = await fetch(`${e2eServer.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: LINK_OWNER_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const dae = await writeSample(generateAssembly({ parts, seed: 4 }), 'dae');
  const project = await uploadProject(e2eServer, accessToken, name, 'kitchen.dae', dae);
  await publish(e2eServer, accessToken, project.id);
  const shared = (await (await fetch(`${e2eServer.url}/api/v1/projects/accessKeys/${project.accessKey}`)).json()) as { modelUrl: string; thumbnailUrl: string };
  return { username, ...project, sharedModelUrl: shared.modelUrl, sharedThumbnailUrl: shared.thumbnailUrl, projectId: project.id, token: accessToken };
}

/**
 * Holds the engine's chunk back until the returned function is called: whatever 3D the link shows
 * meanwhile is the page's own first frame.
 */
export async function holdEngine(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/engine-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Waits for the link's first frame on screen (its performance mark). */
export async function waitLinkFirstFrame(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('link-first-frame').length > 0, undefined, { timeout: 30_000 });
}
