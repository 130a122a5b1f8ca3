import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (nothing downloaded) against the real server serving the
 * built app, with its own data folder so a run never touches ./data.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
/**
 * Features the browser runs without. Chromium keeps only the last `--disable-features`, so this
 * repeats the list Playwright passes itself (chromiumSwitches.ts in playwright-core), then adds
 * the omnibox popup's WebUI: from Chromium 156, every new window (each test's and each cold
 * open's context) starts a page of its own for the address bar's popup, which a headless window
 * never shows, and that page's renderer kept one of two cores busy for about three seconds,
 * beside the page under test.
 */
export const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
    // The product's service worker would answer requests that tests route or count; the shared-link
    // spec allows it where it is what is tested.
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${E2E_PORT}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: { PORT: String(E2E_PORT), DATA_DIR: E2E_DATA_DIR, DEMO_USERNAME: 'demo@example.com', DEMO_PASSWORD: 'demo-password-e2e', LOG_LEVEL: 'warn' },
  },
});
