/**
 * Registers the service worker (serviceWorker.ts, built to /sw.js) once the page has loaded, and on
 * a viewer page once the viewer has drawn the model, so that it never competes with the first open:
 * starting a worker takes a thread and about half a second of processor in a phone-class browser,
 * which on two cores the viewer's start would share. Then, on a page the worker did not serve (the
 * first open), it hands the worker the URLs this page used, which it stores through its own routes:
 * the model and its poster among them. A page the worker served went through those routes already;
 * handing it the list again would fetch the link's page once more, and, if the link changed meanwhile,
 * store the new page under the old one's name, so that the next open would not learn of the change.
 */
import { LINK_CHANGED, LINK_CHECK, LINK_PATH } from './messages';

const MODEL_FIRST_FRAME = 'model-first-frame';
const VIEWER_PAGE = /^\/(s|projects)\/[^/]+\/?$|^\/sandbox\/?$/;

/**
 * How long a viewer page waits for its model's first frame at most: a model that fails to load, or
 * a viewer left before it drew, must not keep the page without its service worker.
 */
const FIRST_FRAME_WAIT_MS = 15_000;

function afterFirstFrame(): Promise<void> {
  if (!VIEWER_PAGE.test(location.pathname) || performance.getEntriesByName(MODEL_FIRST_FRAME).length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName(MODEL_FIRST_FRAME).length > 0) done();
    });
    const timer = setTimeout(done, FIRST_FRAME_WAIT_MS);
    observer.observe({ type: 'mark' });
  });
}

/** Same-origin URLs this page loaded: the page itself, its assets, the model and poster, the link's answers. */
function usedUrls(): string[] {
  const urls = new Set([location.href]);
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin) urls.add(url.href);
  }
  return [...urls];
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      const served = navigator.serviceWorker.controller !== null;
      await afterFirstFrame();
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      const registration = await navigator.serviceWorker.ready;
      if (!served) registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: usedUrls() } });
    } catch {
      // Without a service worker the product works as before, only not offline.
    }
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/**
 * A link's page answered from the service worker's cache is checked against the network meanwhile;
 * when that page changed (a new revision) or went (unpublished), the worker says so and the page
 * loads again, from the network's answer. Listening must start before the document has loaded,
 * or the worker's message would find nobody; the page also asks once it listens, since the worker
 * may not find a page that a busy device is still making.
 */
export function reloadWhenLinkChanges(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === LINK_CHANGED) location.reload();
  });
  navigator.serviceWorker.startMessages();
  if (LINK_PATH.test(location.pathname)) navigator.serviceWorker.controller?.postMessage({ type: LINK_CHECK });
}
