/**
 * The WebGL extensions Babylon.js's engine asks for as it starts on a context (`_initGLContext`),
 * and the shader precisions it reads there.
 *
 * In Chromium, turning an extension on is a round trip to the GPU process that waits for every
 * command sent before it. The engine starts on the first frame's context while the GPU process is
 * still busy (in software WebGL, drawing and presenting), so its forty-odd `getExtension` calls
 * cost tens of milliseconds of main thread just before the viewer's first frame. Asked once, an
 * extension is kept by the context and answered at once the next time: the first frame asks for
 * the same ones while the page waits for the engine's script (`warmEngineExtensions`).
 *
 * A unit test holds this list to the names in Babylon.js's own `_initGLContext`.
 */
export const ENGINE_EXTENSIONS: readonly string[] = [
  'KHR_parallel_shader_compile',
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
  'EXT_disjoint_timer_query_webgl2',
  'EXT_disjoint_timer_query',
  'EXT_color_buffer_float',
  'EXT_float_blend',
  'EXT_color_buffer_half_float',
  'OVR_multiview2',
  'OCULUS_multiview',
  'EXT_texture_norm16',
  'WEBGL_debug_renderer_info',
  'OES_texture_float_linear',
  'OES_draw_buffers_indexed',
  'WEBGL_blend_func_extended',
];

/**
 * Asks `gl` for the engine's extensions and shader precisions, so that the engine's own requests
 * are answered from the context. Stops early (returning false) once `stillWanted` says the engine
 * has taken the context, or the context is lost.
 */
export function warmEngineExtensions(gl: WebGL2RenderingContext, stillWanted: () => boolean = () => true): boolean {
  for (const name of ENGINE_EXTENSIONS) {
    if (!stillWanted() || gl.isContextLost()) return false;
    gl.getExtension(name);
  }
  if (!stillWanted() || gl.isContextLost()) return false;
  gl.getShaderPrecisionFormat(gl.VERTEX_SHADER, gl.HIGH_FLOAT);
  gl.getShaderPrecisionFormat(gl.FRAGMENT_SHADER, gl.HIGH_FLOAT);
  return true;
}
