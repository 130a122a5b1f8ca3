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

/** The name of the chunk holding the engine and Babylon.js (the manifest's `name` of that chunk). */
export const ENGINE_CHUNK_NAME = 'engine';
