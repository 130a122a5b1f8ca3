/**
 * Opening a shared link, and Online3DViewer's page, in Chromium over an emulated network
 * (DevTools protocol), cold then warm, measured the same way for both: the network and jobs
 * benches share it.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PEER_PAGE, waitFirstFrame } from './browserPages';
import { startByteCounter, type ByteCounter } from './byteCounter';
import { startStaticServer } from './staticServer';

/** A window a link is opened in: a phone (touch), or a laptop's browser window. */
export interface Screen {
  name: 'phone' | 'desktop';
  width: number;
  height: number;
  touch: boolean;
}
/** A phone-sized window: what a guest opens a link on. */
export const PHONE: Screen = { name: 'phone', width: 390, height: 844, touch: true };
/** A laptop's browser window (the size the issue names), mouse, device pixel ratio 1. */
export const DESKTOP: Screen = { name: 'desktop', width: 1280, height: 800, touch: false };
/** The phone first; the desktop too unless BENCH_LINK_SCREENS says otherwise (`phone`, `desktop`, or both comma-separated). */
export function linkScreens(smoke: boolean): Screen[] {
  const asked = (process.env.BENCH_LINK_SCREENS ?? (smoke ? 'phone' : 'phone,desktop')).split(',').map((s) => s.trim());
  const screens = [PHONE, DESKTOP].filter((s) => asked.includes(s.name));
  if (screens.length === 0) throw new Error(`BENCH_LINK_SCREENS names no screen (phone, desktop): ${asked.join(',')}`);
  return screens;
}
/** How a table names a screen. */
export const screenLabel = (s: Screen) => `${s.width}x${s.height}${s.touch ? ' touch' : ''}`;

export interface Profile {
  name: string;
  latencyMs: number;
  mbps: number;
}
export const PROFILES: Profile[] = [
  { name: '9 Mbps / 170 ms', latencyMs: 170, mbps: 9 },
  { name: '50 Mbps / 20 ms', latencyMs: 20, mbps: 50 },
];

export interface Open {
  /** The model's first 3D frame on screen (ours: the link's first frame, else the viewer's). */
  firstFrameMs: number;
  /** The full viewer drawing the model and answering input (ours: the engine's frame; the peer: the same moment as its first frame). */
  readyMs: number;
  posterMs: number;
  kb: number;
  /** Bytes received until the first frame was on screen (read as soon as it was: an upper bound). */
  firstKb: number;
  /** The page's JavaScript heap in use once the viewer was ready, MB. */
  heapMb: number;
}

async function emulate(context: BrowserContext, page: Page, profile: Profile) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (profile.mbps * 1e6) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

/** The first paint of the page's poster (Element Timing), ms from navigation start; NaN when none painted. */
function posterPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const timer = setTimeout(() => resolve(Number.NaN), 2000);
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => (e as PerformanceEntry & { identifier?: string }).identifier === 'poster') as
            | (PerformanceEntry & { renderTime: number; loadTime: number })
            | undefined;
          if (!entry) return;
          clearTimeout(timer);
          resolve(entry.renderTime || entry.loadTime);
        }).observe({ type: 'element', buffered: true });
      }),
  );
}

/**
 * One open of `url` in a new page of `context` on the emulated network, the relay's count reset:
 * `measure` waits for the first frame and reads what it needs while the page is still open.
 */
async function open(context: BrowserContext, url: string, profile: Profile, counter: ByteCounter, measure: (page: Page) => Promise<Omit<Open, 'heapMb'>>): Promise<Open> {
  const page = await context.newPage();
  try {
    const cdp = await emulate(context, page, profile);
    counter.reset();
    await page.goto(url, { waitUntil: 'commit' });
    const measured = await measure(page);
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return { ...measured, heapMb: usedSize / 2 ** 20 };
  } finally {
    await page.close();
  }
}

export function openOurs(context: BrowserContext, url: string, profile: Profile, counter: ByteCounter): Promise<Open> {
  return open(context, url, profile, counter, async (page) => {
    await page.waitForFunction(() => performance.getEntriesByName('link-first-frame').length > 0 || document.querySelector('[data-model-shown="true"]') !== null, undefined, {
      timeout: 120_000,
      polling: 'raf',
    });
    const firstKb = counter.received() / 1024;
    await page.locator('[data-model-shown="true"]').waitFor({ state: 'attached', timeout: 120_000 });
    const kb = counter.received() / 1024;
    const [ready, first] = await page.evaluate(() =>
      ['model-first-frame', 'link-first-frame'].map((name) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN),
    );
    const firstFrameMs = Number.isNaN(first) ? ready : Math.min(first, ready);
    const readyMs = ready;
    const posterMs = await posterPaint(page);
    // The service worker takes over after the first open; the warm open is then served through it.
    const registered = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker?.ready.then(() => true) ?? false, new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]),
    );
    if (!registered) throw new Error('the service worker did not register within 10 s (is the build a production one?)');
    return { firstFrameMs, readyMs, posterMs, kb, firstKb };
  });
}

export function openPeer(context: BrowserContext, url: string, profile: Profile, counter: ByteCounter): Promise<Open> {
  return open(context, url, profile, counter, async (page) => {
    const firstFrameMs = await waitFirstFrame(page, 'peer', 300_000);
    const kb = counter.received() / 1024;
    return { firstFrameMs, readyMs: firstFrameMs, posterMs: Number.NaN, kb, firstKb: kb };
  });
}

/** A cold open in a fresh context, then a warm open in the same context. */
export async function coldThenWarm(browser: Browser, open: (context: BrowserContext) => Promise<Open>, screen: Screen = PHONE): Promise<{ cold: Open; warm: Open }> {
  const context = await browser.newContext({ viewport: { width: screen.width, height: screen.height }, isMobile: screen.touch, hasTouch: screen.touch, deviceScaleFactor: 1 });
  try {
    const cold = await open(context);
    const warm = await open(context);
    return { cold, warm };
  } finally {
    await context.close();
  }
}


/** Online3DViewer's page on a gzip static host, and a byte counter in front of it: models are put as they come. */
export async function startPeerHost() {
  const host = await startStaticServer({ '/o3dv/': 'node_modules/online-3d-viewer/build/engine' }, { gzip: true });
  host.put('/peer.html', new TextEncoder().encode(PEER_PAGE), 'text/html; charset=utf-8');
  const counter = await startByteCounter(host.url);
  return { host, counter, close: async () => (await counter.close(), await host.close()) };
}
