/**
 * What the server writes into the page it serves (`<script id="cv-boot" type="application/json">`):
 * the runtime configuration, and on a shared link the shared project, so that the app needs no
 * round trip for either before the model request. Parsed like any answer: a missing or malformed
 * part is simply absent and the app asks the API as before.
 */
import { z } from 'zod/mini';
import { accessKeySchema, sharedProjectSchema, type SharedProject } from './schemas';

export { BOOT_ELEMENT_ID } from '../model/pageIds';

interface BootData {
  /** The raw runtime configuration (parsed by parseRuntimeConfig with its defaults). */
  config: unknown;
  shared: { accessKey: string; project: SharedProject } | undefined;
}

const sharedBootSchema = z.object({ accessKey: accessKeySchema, project: sharedProjectSchema });

export function parseBootData(text: string | null | undefined): BootData {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const record = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const shared = sharedBootSchema.safeParse(record.shared);
  return { config: record.config, shared: shared.success ? shared.data : undefined };
}

/**
 * The shared project the page was served with, answered once for its own key (the first read of
 * the link); every later read, and any other key, goes to the API.
 */
export function withBootSharedProject<Api extends { getSharedProject(accessKey: string): Promise<SharedProject> }>(api: Api, boot: BootData): Api {
  let pending = boot.shared;
  return {
    ...api,
    getSharedProject(accessKey: string) {
      const preloaded = pending;
      if (!preloaded || preloaded.accessKey !== accessKey) return api.getSharedProject(accessKey);
      pending = undefined;
      return Promise.resolve(preloaded.project);
    },
  };
}
