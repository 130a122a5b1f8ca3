import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { UNUSED_ENGINE_EXTENSIONS, withoutUnusedExtensions } from '../../src/engine/scene/unusedExtensions';

/** The extension names Babylon.js's engine asks for as it starts (`_initGLContext`), read from its installed source. */
function babylonStartExtensions(): Set<string> {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('@babylonjs/core/Engines/thinEngine.pure.js'), 'utf8');
  const start = source.indexOf('_initGLContext() {');
  const end = source.indexOf('_initFeatures() {', start);
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return new Set([...source.slice(start, end).matchAll(/getExtension\("([A-Za-z0-9_]+)"\)/g)].map((m) => m[1]));
}

/** A stand-in for a WebGL context type: every context of it records what it was asked and answers an object. */
function contextType() {
  const asked: string[] = [];
  class Context {
    getExtension(name: string): unknown {
      asked.push(name);
      return { name };
    }
  }
  return { type: Context as unknown as { prototype: WebGLRenderingContextBase }, make: () => new Context(), asked };
}

describe('the extensions the viewer engine starts without', () => {
  it('are all asked for by Babylon.js as its engine starts, and leave what the viewer draws with', () => {
    const babylon = babylonStartExtensions();
    for (const name of UNUSED_ENGINE_EXTENSIONS) expect(babylon, name).toContain(name);
    // What the engine may still need: the renderer's name (its own workarounds) and parallel
    // shader compilation; WebGL 1's core extensions.
    for (const kept of ['WEBGL_debug_renderer_info', 'KHR_parallel_shader_compile', 'OES_element_index_uint', 'OES_vertex_array_object', 'ANGLE_instanced_arrays', 'OES_standard_derivatives']) {
      expect(babylon, kept).toContain(kept);
      expect(UNUSED_ENGINE_EXTENSIONS.has(kept), kept).toBe(false);
    }
  });

  it('answers null for them, without asking the context, only while the engine is made', () => {
    const webgl2 = contextType();
    const webgl1 = contextType();
    const inside = withoutUnusedExtensions(() => {
      const context = webgl2.make();
      const old = webgl1.make();
      return [context.getExtension('WEBGL_compressed_texture_s3tc'), context.getExtension('KHR_parallel_shader_compile'), old.getExtension('OVR_multiview2'), old.getExtension('OES_vertex_array_object')];
    }, [webgl2.type, webgl1.type]);
    expect(inside).toEqual([null, { name: 'KHR_parallel_shader_compile' }, null, { name: 'OES_vertex_array_object' }]);
    expect(webgl2.asked).toEqual(['KHR_parallel_shader_compile']);
    expect(webgl1.asked).toEqual(['OES_vertex_array_object']);

    // After: every name reaches the context again.
    expect(webgl2.make().getExtension('WEBGL_compressed_texture_s3tc')).toEqual({ name: 'WEBGL_compressed_texture_s3tc' });
    expect(webgl2.asked).toEqual(['KHR_parallel_shader_compile', 'WEBGL_compressed_texture_s3tc']);
  });

  it('answers as before after an engine that failed to start', () => {
    const webgl2 = contextType();
    expect(() =>
      withoutUnusedExtensions(() => {
        throw new Error('no context');
      }, [webgl2.type]),
    ).toThrow('no context');
    expect(webgl2.make().getExtension('OVR_multiview2')).toEqual({ name: 'OVR_multiview2' });
  });

  it('include the float colour buffers only because nothing the app draws renders into a texture', () => {
    // Without EXT_color_buffer_float the engine renders to no float target. The app's sources import
    // none of Babylon.js's render-to-texture features; one that did would need those extensions back.
    const offscreen = /RenderTargetTexture|PostProcess|DepthRenderer|GeometryBufferRenderer|ShadowGenerator|HighlightLayer|GlowLayer|EffectLayer|PrePassRenderer|MirrorTexture|ReflectionProbe|DefaultRenderingPipeline|SSAO/;
    const files = (readdirSync('src', { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(100);
    const users = files.filter((file) => offscreen.test(readFileSync(join('src', file), 'utf8')));
    expect(users).toEqual([]);
    for (const name of ['EXT_color_buffer_float', 'EXT_color_buffer_half_float', 'OES_texture_float_linear', 'EXT_float_blend']) expect(UNUSED_ENGINE_EXTENSIONS.has(name), name).toBe(true);
  });
});
