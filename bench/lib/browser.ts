/** Headless Chromium for benches: Debian's binary, software WebGL 2, nothing fetched from the internet. */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS as TEST_ARGS } from '../../playwright.config';

/** The end-to-end tests' switches (the omnibox popup's page off among them), and memory figures. */
export const CHROMIUM_ARGS = [...TEST_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Resident memory of the browser's GPU process, MB (Linux: read from /proc; NaN elsewhere). With
 * software WebGL the vertex and index buffers a page draws live there, so its growth over a page's
 * open is what the page's 3D holds.
 */
export function gpuProcessMb(): number {
  try {
    let total = 0;
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let cmdline = '';
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!cmdline.includes('--type=gpu-process')) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) / 1024;
    }
    return total;
  } catch {
    return Number.NaN;
  }
}
