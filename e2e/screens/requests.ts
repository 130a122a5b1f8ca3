/** How a screen driver brings the server to an answer: the page's next request of a kind handled once (the others go through). */
import type { Page } from '@playwright/test';

/** The next `method path` request is handled by `handle`, once; later ones, and other methods, go on to the server. */
export async function once(page: Page, method: string, path: string, handle: Parameters<Page['route']>[1]): Promise<void> {
  let done = false;
  await page.route(
    (url) => url.pathname === path,
    async (route, request) => {
      if (done || request.method() !== method) return route.fallback();
      done = true;
      await handle(route, request);
    },
  );
}

/** The server's next answer to `method path` is a 500 (the request never reaches it); later ones go through. */
export const refuseNext = (page: Page, method: string, path: string) =>
  once(page, method, path, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'internal', message: 'Internal Server Error' }) }));
