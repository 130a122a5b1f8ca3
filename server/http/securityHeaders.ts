/**
 * The headers a hardened app sends (helmet): one content security policy for every answer, and
 * the one exception to "never framed": a shared link's page (/s/{key}), which any site may embed.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Scripts from this origin only (the boot data is a JSON block, never executed), and on a shared
 * link's page its first-frame script, named by its hash; styles may be
 * inline (the poster's few rules in the page, and style attributes); images also as data: and
 * blob: URLs (logos read through the API); WebAssembly for the model decoder; no frames, no plugins.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Every answer: the policy above (nothing framed, X-Frame-Options too), a same-origin referrer. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  referrerPolicy: { policy: 'same-origin' },
  // Posters are also fetched by chat apps' link previews from other origins.
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * A shared link's page only: the same policy, with its inline first-frame script allowed by hash
 * (`scriptHashes`, as `'sha256-…'` sources: that script and no other), and any site may frame it
 * (`*` matches every http and https origin), and no X-Frame-Options (which cannot say "anyone"
 * and would win in old browsers). Only the document's headers matter to framing: its assets and
 * API answers keep the common ones, and a login or owner page opened inside the frame still
 * refuses to show. The plugin lays these route options over HELMET_OPTIONS.
 */
export function embeddablePageHelmet(scriptHashes: readonly string[]): Omit<FastifyHelmetOptions, 'global'> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...scriptHashes], frameAncestors: ['*'] },
    },
    frameguard: false,
  };
}
