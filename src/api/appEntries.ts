/**
 * The build's named modules, as the bundler's configuration (vite.config.ts) groups and enters
 * them and as the server's page writer (server/http/appShell.ts) finds their files in the build's
 * manifest: one list, so that moving a screen or renaming a chunk cannot leave the two apart.
 */
export const APP_ENTRIES = {
  /** The page every route serves; its script starts the app. */
  page: 'index.html',
  /** The app's own entry (src/main.tsx) and the app it imports once it may start. */
  main: 'src/main.tsx',
  app: 'src/startApp.tsx',
  /** A shared link's first script: the model's download and first frame before the app. */
  firstFrame: 'src/firstFrame/main.ts',
  /** The service worker, built to the site's root. */
  serviceWorker: 'src/sw/serviceWorker.ts',
  /** The viewer engine's public module (Babylon.js behind it). */
  engine: 'src/engine/index.ts',
  ownerViewer: 'src/ui/viewer/OwnerViewerScreen.tsx',
  sharedViewer: 'src/ui/viewer/SharedViewerScreen.tsx',
  projectList: 'src/ui/list/ProjectListScreen.tsx',
} as const;

/**
 * A link's first frame, built apart as one classic script at the build's root (vite.config.ts),
 * which the server writes into the link's page (server/http/appShell.ts).
 */
export const FIRST_FRAME_FILE = 'first-frame.js';

/** The name of the chunk holding the engine and Babylon.js (the manifest's `name` of that chunk). */
export const ENGINE_CHUNK_NAME = 'engine';

/** The name of the chunk holding the app and everything it imports statically (vite.config.ts groups it). */
export const APP_CHUNK_NAME = 'startApp';

interface NamedChunk {
  name?: string;
  isEntry?: boolean;
}

/**
 * The manifest key of a grouped chunk: the module's own key when the bundler left it an entry of
 * its own, else the group chunk of that name (a group's key is the bundler's naming).
 */
export function chunkKeyOf(manifest: Record<string, NamedChunk>, module: string, group: string): string | undefined {
  if (manifest[module]) return module;
  return Object.keys(manifest).find((key) => manifest[key].name === group && !manifest[key].isEntry);
}
