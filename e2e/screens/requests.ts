/** How a screen driver brings the server to an answer: a request handled once, refused, or held until the path answers it. */
import { expect, type Page, type Request, type Route, type WebSocketRoute } from '@playwright/test';

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
export const refuseNext = (page: Page, method: string, path: string) => once(page, method, path, (route) => refuse(route));

/** A server's refusal of a held request: `status` (500 by default) with the API's error body (its `code`, else the status's, and its `message`). */
export const refuse = (route: Route, status = 500, code?: string, message = 'Refused') =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: code ?? (status === 415 ? 'unsupported_media_type' : 'internal_error'), message }) });

/**
 * The two answers of a held request, by the machine's actor: the server's own (the request sent on)
 * and a 500; `take` says which request answers (the oldest, or the newest, the older dropped).
 */
export function heldAnswers<C>(actor: string, held: (context: C) => HeldRequests, take: 'next' | 'newest' = 'next'): Record<string, (page: Page, context: C) => Promise<void>> {
  return {
    [`xstate.done.actor.${actor}`]: async (_, context) => (await held(context)[take]()).continue(),
    [`xstate.error.actor.${actor}`]: async (_, context) => refuse(await held(context)[take]()),
  };
}

/** Requests the page sent, held by a driver (`answers: 'held'`) until the path's step that answers them. */
export class HeldRequests {
  private routes: Route[] = [];
  /** Every request of the kind the page sent, answered or not. */
  sent = 0;

  constructor(private readonly what: string) {}

  /** A `page.route` handler that holds the request. */
  readonly hold = (route: Route) => {
    this.sent += 1;
    this.routes.push(route);
  };

  /** The requests held and not answered yet (those the page replaced too), oldest first. */
  pending(): Request[] {
    return this.routes.map((route) => route.request());
  }

  /** The oldest request not answered yet, once the page has sent it. */
  async next(): Promise<Route> {
    await expect.poll(() => this.routes.length, { message: `the page sent ${this.what}` }).toBeGreaterThan(0);
    return this.routes.shift()!;
  }

  /**
   * The latest of `count` requests not answered yet, once the page has sent them all; the older ones
   * (those the page replaced) are dropped and never reach the server.
   */
  async latest(count: number): Promise<Route> {
    await expect.poll(() => this.routes.length, { message: `the page sent ${this.what}, ${count}` }).toBe(count);
    const [route, ...replaced] = this.routes.splice(0).reverse();
    for (const old of replaced) await old.abort('aborted').catch(() => {});
    return route;
  }

  /** Every request not answered yet, once the page has sent at least `count` of them. */
  async all(count = 1): Promise<Route[]> {
    await expect.poll(() => this.routes.length, { message: `the page sent ${this.what}, ${count}` }).toBeGreaterThanOrEqual(count);
    return this.routes.splice(0);
  }

  /** The newest request not answered yet, once the page has sent one; the older ones (those the page replaced) are dropped. */
  async newest(): Promise<Route> {
    await expect.poll(() => this.routes.length, { message: `the page sent ${this.what}` }).toBeGreaterThan(0);
    return this.latest(this.routes.length);
  }
}

/**
 * The page's socket at `pathname`, passed through to the real server: `opened` gets each connection
 * (again after a drop), `fromPage` sees each message the page sends before it goes on, and
 * `fromServer`, where given, takes each message of the server instead of it going to the page as it is.
 */
export async function relaySocket(
  page: Page,
  pathname: string,
  hooks: { opened?(ws: WebSocketRoute): void; fromPage?(message: string): void; fromServer?(message: string, ws: WebSocketRoute): void },
): Promise<void> {
  await page.routeWebSocket(
    (url) => url.pathname === pathname,
    (ws) => {
      const server = ws.connectToServer();
      hooks.opened?.(ws);
      ws.onMessage((message) => {
        hooks.fromPage?.(String(message));
        server.send(message);
      });
      server.onMessage((message) => (hooks.fromServer ? hooks.fromServer(String(message), ws) : ws.send(message)));
      ws.onClose(() => server.close());
    },
  );
}

/** A text as a regular expression matches it, letter for letter (for names in accessible-name patterns). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
