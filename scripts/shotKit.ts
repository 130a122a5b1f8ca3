/** What the screenshot scripts share: the two picture sizes and the shapes of their helpers. */
import type { Page } from '@playwright/test';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A JSON call to the API under test. */
export type Api = <T>(origin: string, route: string, init?: { method?: string; token?: string; json?: unknown }) => Promise<T>;
/** Takes one picture into docs/screens/<name>.png. */
export type Shot = (page: Page, name: string) => Promise<void>;
export interface Login {
  username: string;
  password: string;
}
