/** Messages between the service worker and the pages it answers (the worker is built apart, with this module inside it). */

/** A link's page was answered from the cache, and the network's page has since changed or gone: load it again. */
export const LINK_CHANGED = 'cv-link-changed';

/** A link's page, once it listens, asks whether the network's page differs from the one it was answered with. */
export const LINK_CHECK = 'cv-link-check';

/** A link's page: `/s/{access key}`. */
export const LINK_PATH = /^\/s\/([A-Za-z0-9]+)\/?$/;
