/**
 * The app's entry: the stylesheet, then the app itself (startApp.tsx), which the page has already
 * asked for beside this entry (server/http/appShell.ts). On a shared link whose page started a
 * first frame (src/firstFrame/), the app is evaluated and started once that frame is on screen (or
 * has given up, at most FIRST_FRAME_WAIT_MS later): on a reopen everything arrives from the cache
 * at once, and the app's start would otherwise hold the main thread the first frame needs.
 */
import './index.css';
import { FIRST_FRAME_SCRIPT_ID } from './model/pageIds';
import { firstFrameSettled } from './engine/load/firstFrameHandoff';
import { reloadWhenLinkChanges } from './sw/registerServiceWorker';

/** How long the app waits for a link's first frame at most. */
const FIRST_FRAME_WAIT_MS = 1000;

// At once, before the document has loaded: the service worker's word on a stored link page must find a listener.
if (import.meta.env.PROD) reloadWhenLinkChanges();

void firstFrameSettled(document.getElementById(FIRST_FRAME_SCRIPT_ID) !== null, FIRST_FRAME_WAIT_MS)
  .then(() => import('./startApp'))
  .then(({ startApp }) => startApp());
