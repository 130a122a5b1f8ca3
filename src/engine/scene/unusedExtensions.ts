/**
 * WebGL extensions Babylon.js asks for as its engine starts (`_initGLContext`) that the viewer never
 * uses: compressed and anisotropic textures (the viewer's models carry no textures), GPU timer
 * queries, multiview (WebXR's own engine is made apart), 16-bit normalised textures, per-target
 * blending and dual-source blending, and float colour buffers with their blending and filtering
 * (the viewer draws only to the canvas: no render target, post-process or shadow map).
 *
 * In Chromium each extension a context has not turned on yet is a round trip to the GPU process
 * that waits for every command sent before it; the engine starts on the link's first-frame context
 * while the GPU process is still drawing and presenting that frame, so these requests cost the
 * viewer's start tens of milliseconds of main thread for capabilities it would never use.
 * The float colour buffer is the first extension Babylon.js asks for that a fresh context has not
 * turned on: without the list, the whole wait for the GPU process fell on it (about 90 ms in cold
 * opens of a link), before any of the model's meshes were made.
 * A unit test holds each name to Babylon.js's own `_initGLContext`, and the app's sources to no
 * render-to-texture feature.
 */
export const UNUSED_ENGINE_EXTENSIONS: ReadonlySet<string> = new Set([
  'WEBGL_compressed_texture_astc',
  'WEBKIT_WEBGL_compressed_texture_astc',
  'EXT_texture_compression_bptc',
  'WEBKIT_EXT_texture_compression_bptc',
  'WEBGL_compressed_texture_s3tc',
  'WEBKIT_WEBGL_compressed_texture_s3tc',
  'WEBGL_compressed_texture_s3tc_srgb',
  'WEBKIT_WEBGL_compressed_texture_s3tc_srgb',
  'WEBGL_compressed_texture_pvrtc',
  'WEBKIT_WEBGL_compressed_texture_pvrtc',
  'WEBGL_compressed_texture_etc1',
  'WEBKIT_WEBGL_compressed_texture_etc1',
  'WEBGL_compressed_texture_etc',
  'WEBKIT_WEBGL_compressed_texture_etc',
  'WEBGL_compressed_texture_es3_0',
  'EXT_texture_filter_anisotropic',
  'WEBKIT_EXT_texture_filter_anisotropic',
  'MOZ_EXT_texture_filter_anisotropic',
  'EXT_disjoint_timer_query',
  'EXT_disjoint_timer_query_webgl2',
  'OVR_multiview2',
  'OCULUS_multiview',
  'EXT_texture_norm16',
  'OES_draw_buffers_indexed',
  'WEBGL_blend_func_extended',
  'EXT_color_buffer_float',
  'EXT_color_buffer_half_float',
  'OES_texture_float_linear',
  'EXT_float_blend',
]);

type ExtensionGetter = (this: WebGLRenderingContextBase, name: string) => unknown;

/**
 * Runs `start` (a synchronous engine construction) with the WebGL contexts answering null, at once,
 * for the unused extensions; every context answers as before once it returns or throws.
 */
export function withoutUnusedExtensions<T>(start: () => T, contexts: { prototype: WebGLRenderingContextBase }[] = defaultContexts()): T {
  const restore: (() => void)[] = [];
  for (const type of contexts) {
    const prototype = type.prototype as unknown as { getExtension: ExtensionGetter };
    const original = prototype.getExtension;
    prototype.getExtension = function (this: WebGLRenderingContextBase, name: string) {
      return UNUSED_ENGINE_EXTENSIONS.has(name) ? null : original.call(this, name);
    };
    restore.push(() => {
      prototype.getExtension = original;
    });
  }
  try {
    return start();
  } finally {
    for (const undo of restore) undo();
  }
}

function defaultContexts(): { prototype: WebGLRenderingContextBase }[] {
  return [globalThis.WebGL2RenderingContext, globalThis.WebGLRenderingContext].filter((type) => type !== undefined);
}
