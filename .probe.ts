import { generateAssembly } from './samples/generate';
import { writeSample } from './samples/writers/index';
import { ensureBenchBuild } from './bench/lib/appBuild';
import { logInApi, publish, startServer, uploadProject, waitDemoProject } from './bench/lib/appServer';
import { launchChromium } from './bench/lib/browser';
const dist = ensureBenchBuild(console.log);
const server = await startServer(dist);
const browser = await launchChromium();
try {
  const token = await logInApi(server); await waitDemoProject(server, token);
  const p = await uploadProject(server, token, 'K', 'k.dae', await writeSample(generateAssembly({ parts: 2000, seed: 1 }), 'dae'));
  await publish(server, token, p.id);
  for (let run = 0; run < 2; run++) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const when of ['cold', 'warm']) {
    const page = await context.newPage();
    
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 170, downloadThroughput: 9e6 / 8, uploadThroughput: 9e6 / 8 });
    await page.goto(`${server.url}/s/${p.accessKey}`, { waitUntil: 'commit' });
    await page.locator('[data-model-shown="true"]').waitFor({ state: 'attached', timeout: 60000 });
    if (when === 'cold') await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForTimeout(when === 'cold' ? 1500 : 10);
    const r = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const marks = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]));
      const res = performance.getEntriesByType('resource').filter((e) => /firstFrame|glbReader|\.glb|main-|engine-/.test(e.name)).map((e) => `${new URL(e.name).pathname.slice(0, 40)} ${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)}`);
      return { nav: { start: Math.round(n.requestStart), respStart: Math.round(n.responseStart), respEnd: Math.round(n.responseEnd), dcl: Math.round(n.domContentLoadedEventEnd), worker: Math.round(n.workerStart) }, marks, res };
    });
    console.log(run, when, JSON.stringify(r, null, 0));
    
    await page.close();
  }
  await context.close();
  }
} finally { await browser.close(); await server.stop(); }
