/**
 * Composition root: reads the runtime configuration, builds the API client and the
 * application's actors with the real services, and mounts the routes (loaded by main.tsx).
 */
import { createRoot } from 'react-dom/client';
import { BOOT_ELEMENT_ID, parseBootData, withBootSharedProject } from './api/bootData';
import { createApiClient } from './api/client';
import { localTokenStore } from './api/tokenStore';
import { createAppActors, type AppActors } from './machines/appActors';
import { createProjectServices } from './machines/projects/projectServices';
import { parseRuntimeConfig } from './machines/runtimeConfig';
import { memoryStorage, type KeyValueStorage } from './machines/storage/persisted';
import { createConversionClockActor } from './machines/upload/conversionClock';
import { createUploadSocketActor } from './machines/upload/socketActor';
import { createViewerContentServices } from './machines/viewer/notes/contentServices';
import { createViewerServices } from './machines/viewer/viewerServices';
import { registerServiceWorker } from './sw/registerServiceWorker';
import { App } from './ui/app/App';
import { reportWebVitals } from './ui/app/webVitals';
import { createAppRouter } from './ui/router';

/** The bundled sample model of /sandbox (written into the build by the sample plugin). */
const SANDBOX_MODEL_URL = '/sample.glb';

/** What the server wrote into the page: the runtime configuration and, on a shared link, its project. */
const boot = parseBootData(document.getElementById(BOOT_ELEMENT_ID)?.textContent);

async function loadRuntimeConfig() {
  // Served inside the page by our server; /config.json remains for a page served elsewhere (Vite's dev server).
  if (boot.config !== undefined) return parseRuntimeConfig(boot.config);
  try {
    const response = await fetch('/config.json', { cache: 'no-store' });
    return parseRuntimeConfig(response.ok ? await response.json() : undefined);
  } catch {
    return parseRuntimeConfig(undefined);
  }
}

/** localStorage (or the tab's sessionStorage) when the browser allows it, else memory (it then lasts one page). */
function browserStorage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): KeyValueStorage {
  try {
    const storage = window[kind];
    storage.getItem('cv.probe');
    return storage;
  } catch {
    return memoryStorage();
  }
}

/** An image blob as a data URL (the branding logo arrives behind the bearer header). */
function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

export async function startApp() {
  const config = await loadRuntimeConfig();
  const storage = browserStorage();
  const tokens = localTokenStore(storage);
  let actors: AppActors | undefined;
  const api = withBootSharedProject(
    createApiClient({
      baseUrl: import.meta.env.VITE_API_BASE || config.apiBase,
      tokens,
      onSessionExpired: () => actors?.session.send({ type: 'session.expired' }),
    }),
    boot,
  );
  actors = createAppActors({
    api,
    storage,
    tokens,
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  const projects = createProjectServices({
    api,
    socket: createUploadSocketActor({ apiBase: api.http.baseUrl, origin: window.location.origin }),
    imageUrlOf: readAsDataUrl,
    storage,
    tabStorage: browserStorage('sessionStorage'),
    conversionClock: createConversionClockActor(),
  });
  const content = createViewerContentServices(api);
  const viewer = createViewerServices({
    api,
    projectMachines: projects.machines,
    content,
    upload: projects.upload,
    settings: actors.settings,
    session: actors.session,
    sandboxModelUrl: SANDBOX_MODEL_URL,
    storage,
  });
  const router = createAppRouter(actors);
  createRoot(document.getElementById('root')!).render(<App services={{ ...actors, config, projects, viewer, content }} router={router} />);
  setTimeout(() => void reportWebVitals(), 0);
  // The service worker keeps what a shared link needs, so it reopens from cache and offline.
  if (import.meta.env.PROD) registerServiceWorker();
}

