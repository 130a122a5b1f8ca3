/** Headless Chromium for benches: Debian's binary, software WebGL 2, nothing fetched from the internet. */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS as TEST_ARGS } from '../../playwright.config';

/** The end-to-end tests' switches (the omnibox popup's page off among them), and memory figures. */
export const CHROMIUM_ARGS = [...TEST_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
