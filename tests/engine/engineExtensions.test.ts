import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ENGINE_EXTENSIONS, warmEngineExtensions } from '../../src/engine/firstFrame/engineExtensions';

/** What Babylon.js asks only of a WebGL 1 context (each behind a version test in its source). */
const WEBGL1_ONLY = new Set([
  'OES_standard_derivatives',
  'OES_element_index_uint',
  'EXT_frag_depth',
  'OES_texture_float',
  'OES_texture_half_float',
  'EXT_shader_texture_lod',
  'OES_texture_half_float_linear',
  'WEBGL_draw_buffers',
  'WEBGL_depth_texture',
  'OES_vertex_array_object',
  'ANGLE_instanced_arrays',
  'EXT_blend_minmax',
  'EXT_sRGB',
]);

/** The extension names Babylon.js's engine asks for in `_initGLContext`, read from its installed source. */
function babylonStartExtensions(): string[] {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('@babylonjs/core/Engines/thinEngine.pure.js'), 'utf8');
  const start = source.indexOf('_initGLContext() {');
  const end = source.indexOf('_initFeatures() {', start);
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return [...source.slice(start, end).matchAll(/getExtension\("([A-Za-z0-9_]+)"\)/g)].map((m) => m[1]);
}

/** A context that records what it is asked; lost after `lostAfter` extensions. */
function recordingContext(lostAfter = Infinity) {
  const asked: string[] = [];
  const precisions: [number, number][] = [];
  const gl = {
    VERTEX_SHADER: 0x8b31,
    FRAGMENT_SHADER: 0x8b30,
    HIGH_FLOAT: 0x8df2,
    isContextLost: () => asked.length >= lostAfter,
    getExtension: (name: string) => (asked.push(name), null),
    getShaderPrecisionFormat: (shader: number, type: number) => (precisions.push([shader, type]), null),
  };
  return { gl: gl as unknown as WebGL2RenderingContext, asked, precisions };
}

describe('the engine start extensions the first frame asks for', () => {
  it('are every extension Babylon.js asks of a WebGL 2 context as it starts, and no other', () => {
    const babylon = babylonStartExtensions();
    expect(babylon.length).toBeGreaterThan(30);
    const webgl2 = [...new Set(babylon.filter((name) => !WEBGL1_ONLY.has(name)))];
    expect([...ENGINE_EXTENSIONS].sort()).toEqual(webgl2.sort());
    // The WebGL 1 list only names what Babylon.js really asks for.
    for (const name of WEBGL1_ONLY) expect(babylon).toContain(name);
  });

  it('asks the context for each of them once, then the two high float precisions', () => {
    const { gl, asked, precisions } = recordingContext();
    expect(warmEngineExtensions(gl)).toBe(true);
    expect(asked).toEqual([...ENGINE_EXTENSIONS]);
    expect(precisions).toEqual([
      [0x8b31, 0x8df2],
      [0x8b30, 0x8df2],
    ]);
  });

  it('stops as soon as the engine has the context, or the context is lost', () => {
    const taken = recordingContext();
    let calls = 0;
    expect(warmEngineExtensions(taken.gl, () => ++calls <= 5)).toBe(false);
    expect(taken.asked).toEqual(ENGINE_EXTENSIONS.slice(0, 5));
    expect(taken.precisions).toEqual([]);

    const lost = recordingContext(3);
    expect(warmEngineExtensions(lost.gl)).toBe(false);
    expect(lost.asked).toHaveLength(3);
  });
});
