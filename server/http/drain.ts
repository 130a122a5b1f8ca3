/**
 * A stop that loses nothing during a rolling restart. On SIGTERM the process first drains:
 * `/readyz` answers 503 "stopping" (a load balancer or an orchestrator sends it no new traffic), it
 * stops taking new connections (a proxy's next connection goes to another process), answers what
 * its open connections still ask with `Connection: close` so that their next request goes
 * elsewhere, and lets every upload socket it serves finish, up to the grace period
 * (`SHUTDOWN_GRACE`, 25 s by default, under an orchestrator's usual 30 s). Only then does Fastify
 * close. A socket still open after the grace period is closed; with the job queue its conversion
 * goes on without it and the project appears in the list, as when a client leaves.
 */
import type { FastifyInstance } from 'fastify';

interface Drain {
  readonly draining: boolean;
  /** Drains for at most `graceMs`, then closes the app. */
  closeGracefully(graceMs: number): Promise<void>;
}

export function installDrain(app: FastifyInstance): Drain {
  let draining = false;
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  return {
    get draining() {
      return draining;
    },
    async closeGracefully(graceMs) {
      draining = true;
      // Event streams never end on their own: the pages connect again, to another process.
      for (const end of [...app.openStreams]) end();
      if (app.server.listening) {
        // No new connection from here on; the callback (every connection gone) is not waited for.
        app.server.close(() => undefined);
        app.server.closeIdleConnections();
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([app.uploadSockets.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      await app.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The graceful stop of a rolling restart (drain.ts). */
    drain: Drain;
  }
}
