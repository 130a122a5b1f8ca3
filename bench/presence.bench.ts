/**
 * Presenting live (issue 52): one presenter and 50 followers on one link (headless sockets on
 * loopback, the real server in its own process). The presenter sends a view ten times a second (its
 * pace while the camera moves); for each view, the time until the LAST follower has it. Reference:
 * the target, 100 ms at p99. And what the followers cost the server: CPU time per follower
 * per second of presenting, memory (RSS) per follower.
 *
 * BENCH_PRESENCE_FOLLOWERS sets the number of followers (50; 5 in the smoke run).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPresence, presenceUrl, type PresenceClient } from '../tests/server/helpers/presenceClient';
import { until } from '../tests/server/helpers/until';
import { presentedViewAt } from '../tests/helpers/presentedView';
import { api, logInApi, startServer, waitDemoProject } from './lib/appServer';
import { percentile } from './lib/stats';
import type { Bench, Table } from './lib/types';

const view = (i: number) => presentedViewAt(i);

/** CPU seconds (user + system) and resident memory (MB) of a process, from /proc. */
function processUsage(pid: number): { cpu: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { cpu: ticks / 100, rssMb: Number(rss ?? 0) / 1024 };
}

const bench: Bench = {
  name: 'presence',
  description: 'a presenter and its followers on one link: delivery to the last follower, CPU and memory per follower',
  async run({ smoke, log }) {
    const followers = Number(process.env.BENCH_PRESENCE_FOLLOWERS ?? (smoke ? 5 : 50));
    const views = smoke ? 20 : 300;
    const staticDir = mkdtempSync(join(tmpdir(), 'cv-bench-presence-'));
    const server = await startServer(staticDir, { MAX_CONNECTIONS_PER_IP: '0' });
    const open: PresenceClient[] = [];
    try {
      const token = await logInApi(server);
      await waitDemoProject(server, token);
      const [project] = await api<Array<{ id: number; accessKey: string }>>(server, 'projects', token);
      await api(server, `projects/${project.id}`, token, { isPublished: true }, 'PATCH');
      const before = processUsage(server.pid!);
      const secure = (await api<{ secureToken: string }>(server, 'auth/secure-token', token)).secureToken;
      const presenter = await openPresence(presenceUrl(server.url, `${project.id}/presence?token=${secure}`));
      open.push(presenter);
      // When each follower got each view (by its camera's x), in this process's clock.
      const received = new Map<number, number[]>();
      for (let f = 0; f < followers; f += 1) {
        const client = await openPresence(presenceUrl(server.url, `accessKeys/${project.accessKey}/presence`), (message, at) => {
          if (message.type !== 'view') return;
          const i = message.view.camera.position[0];
          const times = received.get(i) ?? [];
          times.push(at);
          received.set(i, times);
        });
        open.push(client);
      }
      await until(async () => presenter.messages.some((m) => m.type === 'presence' && m.viewers.length === followers + 1) || undefined, 10_000, 5);
      const joined = processUsage(server.pid!);
      presenter.send({ type: 'present', on: true });
      const sentAt = new Map<number, number>();
      const started = performance.now();
      const cpuStart = processUsage(server.pid!).cpu;
      for (let i = 1; i <= views; i += 1) {
        sentAt.set(i, performance.now());
        presenter.send({ type: 'view', view: view(i) });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await until(async () => (received.get(views)?.length ?? 0) === followers || undefined, 10_000, 5);
      const seconds = (performance.now() - started) / 1000;
      const cpu = processUsage(server.pid!).cpu - cpuStart;
      const lastFollower = [...sentAt].map(([i, at]) => {
        const times = received.get(i) ?? [];
        if (times.length !== followers) throw new Error(`view ${i} reached ${times.length} of ${followers} followers`);
        return Math.max(...times) - at;
      });
      log(`${followers} followers, ${views} views at 10 a second: every view reached every follower`);
      const table: Table = {
        title: `One link, ${followers} followers (headless sockets, loopback, server in its own process)`,
        reference: 'the target of issue 52: the last follower within 100 ms at p99',
        metrics: [
          { key: 'p50', label: 'last follower p50', unit: 'ms', better: 'lower', digits: 1 },
          { key: 'p99', label: 'last follower p99', unit: 'ms', better: 'lower', digits: 1 },
          { key: 'cpu', label: 'server CPU per follower', unit: 'ms/s', better: 'lower', digits: 2 },
          { key: 'rss', label: 'server memory per follower', unit: 'KB', better: 'lower', digits: 0 },
        ],
        rows: [
          { label: 'target', samples: { p99: [100] } },
          {
            label: `presence (${followers} followers)`,
            versus: 'target',
            samples: {
              p50: [percentile(lastFollower, 50)],
              p99: [percentile(lastFollower, 99)],
              cpu: [((cpu / seconds) * 1000) / followers],
              rss: [((joined.rssMb - before.rssMb) * 1024) / followers],
            },
          },
        ],
        notes: ['Memory per follower: the server\'s RSS after the sockets joined, less before, over the followers (the garbage collector makes it a rough figure).'],
      };
      return [table];
    } finally {
      for (const client of open) client.close();
      await server.stop();
      rmSync(staticDir, { recursive: true, force: true });
    }
  },
};

export default bench;
