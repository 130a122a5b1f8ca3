/**
 * What an owner's session leaves in the page's caches (Cache Storage, which the service worker
 * fills): the owner's model and poster files, at `/api/v1/models/...`. A logout drops them; the
 * files of public links stay, for links opened before (their offline reopen). The browser's HTTP
 * cache is cleared by the logout answer itself (`Clear-Site-Data: "cache"`).
 */
const OWNER_FILES = '/api/v1/models/';

export async function forgetOwnerFiles(): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.startsWith(OWNER_FILES)) await cache.delete(request);
    }
  }
}
