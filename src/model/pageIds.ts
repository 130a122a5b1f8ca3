/**
 * Ids of the elements the server writes into the pages it serves (server/http/appShell.ts), which
 * the page's scripts look for. No schema here: the link's first-frame script reads them too and
 * carries no zod.
 */

/** `<script id="cv-boot" type="application/json">`: the runtime configuration and, on a link, its project. */
export const BOOT_ELEMENT_ID = 'cv-boot';

/** The script element of a link's first frame (src/firstFrame/): its presence tells the app a first frame was started. */
export const FIRST_FRAME_SCRIPT_ID = 'cv-first-frame';

/** A link's poster, written into its page before any script (replaced by the viewer's own once it starts). */
export const BOOT_POSTER_ID = 'boot-poster';
