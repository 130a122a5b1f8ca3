/**
 * A shared link's first frame in plain WebGL 2: the merged batches of the model drawn once, in the
 * render mode the link opens with, through the engine's own surface program (surfaceShader.ts) and
 * the same edge colours, seen from the opening view. It is a few kilobytes where the engine is
 * Babylon.js, so the model is on screen while the engine is still on its way; the engine's first
 * frame then replaces it with the same picture.
 *
 * The context is made and the programs compiled as soon as the page runs this, while the model
 * downloads. Anything it cannot do (no WebGL 2, a lost context, a shader refused) leaves the
 * canvas hidden: the poster stays until the engine draws.
 */
import type { Batch, BuiltModel } from '../engine/geometry/buildBatches';
import type { SourceMaterial } from '../engine/geometry/modelSource';
import { EDGE_PALETTE, LIGHT } from '../model/viewLook';
import { SURFACE_FRAGMENT_SHADER, SURFACE_UNIFORMS, SURFACE_VERTEX_SHADER } from '../engine/render/surfaceShader';
import { VIEWER_BACKGROUND_RGB } from '../engine/types';
import { type Orbit, viewOf } from './firstFrameView';

/** The render modes a link can open with (SPEC: wireframe when the link offers it, else solid). */
export type OpeningMode = 'solid' | 'wireframe';

const LINE_VERTEX_SHADER = `precision highp float;
attribute vec3 position;
uniform mat4 viewProjection;
void main(void) { gl_Position = viewProjection * vec4(position, 1.0); }`;
const LINE_FRAGMENT_SHADER = `precision highp float;
uniform vec4 color;
void main(void) { gl_FragColor = color; }`;

const IDENTITY = Float32Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);

export interface FirstFrameScene {
  built: BuiltModel;
  materials: readonly SourceMaterial[];
  mode: OpeningMode;
}

export interface FirstFrameRenderer {
  /** Draws `scene` seen from `orbit` at the canvas's size; false when nothing could be drawn. */
  draw(scene: FirstFrameScene, orbit: (width: number, height: number) => Orbit): boolean;
  /**
   * Frees what it made and leaves the context as a new one starts, the picture on screen kept:
   * for the engine that takes the context over. Drawing is over.
   */
  release(): void;
  /** Frees what it made and the context itself. */
  dispose(): void;
}

interface Program {
  program: WebGLProgram;
  uniforms: Map<string, WebGLUniformLocation | null>;
}

function compile(gl: WebGL2RenderingContext, vertex: string, fragment: string, names: readonly string[]): Program | null {
  const program = gl.createProgram();
  for (const [type, text] of [
    [gl.VERTEX_SHADER, vertex],
    [gl.FRAGMENT_SHADER, fragment],
  ] as const) {
    const shader = gl.createShader(type);
    if (!shader) return null;
    gl.shaderSource(shader, text);
    gl.compileShader(shader);
    gl.attachShader(program, shader);
  }
  gl.bindAttribLocation(program, 0, 'position');
  gl.bindAttribLocation(program, 1, 'normal');
  gl.linkProgram(program);
  // The link status is read only when drawing, so that the compile overlaps the download.
  return { program, uniforms: new Map(names.map((n) => [n, null])) };
}

function linked(gl: WebGL2RenderingContext, p: Program): boolean {
  if (!gl.getProgramParameter(p.program, gl.LINK_STATUS)) return false;
  for (const name of p.uniforms.keys()) p.uniforms.set(name, gl.getUniformLocation(p.program, name));
  return true;
}

/** Smooth vertex normals from the triangles, for batches whose pieces carried none. */
function computeNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const normals = new Float32Array(positions.length);
  for (let i = 0; i + 2 < indices.length; i += 3) {
    const a = indices[i] * 3;
    const b = indices[i + 1] * 3;
    const c = indices[i + 2] * 3;
    const ux = positions[b] - positions[a];
    const uy = positions[b + 1] - positions[a + 1];
    const uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a];
    const vy = positions[c + 1] - positions[a + 1];
    const vz = positions[c + 2] - positions[a + 2];
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    for (const v of [a, b, c]) {
      normals[v] += nx;
      normals[v + 1] += ny;
      normals[v + 2] += nz;
    }
  }
  return normals;
}

function gamma(c: number): number {
  return Math.pow(c, 1 / LIGHT.gamma);
}

export function createFirstFrameRenderer(canvas: HTMLCanvasElement): FirstFrameRenderer | null {
  const gl = canvas.getContext('webgl2', { antialias: true, alpha: false, depth: true, stencil: false, preserveDrawingBuffer: false, powerPreference: 'high-performance' });
  if (!gl) return null;
  const surface = compile(gl, SURFACE_VERTEX_SHADER, SURFACE_FRAGMENT_SHADER, SURFACE_UNIFORMS);
  const line = compile(gl, LINE_VERTEX_SHADER, LINE_FRAGMENT_SHADER, ['viewProjection', 'color']);
  let ready: boolean | null = null;
  const uploaded = new Map<Batch, { vao: WebGLVertexArrayObject; buffers: WebGLBuffer[]; count: number }>();

  const upload = (batch: Batch) => {
    let entry = uploaded.get(batch);
    if (entry) return entry;
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    const buffers: WebGLBuffer[] = [];
    const attribute = (location: number, data: Float32Array) => {
      const buffer = gl.createBuffer();
      buffers.push(buffer);
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
      gl.enableVertexAttribArray(location);
      gl.vertexAttribPointer(location, 3, gl.FLOAT, false, 0, 0);
    };
    attribute(0, batch.positions);
    if (batch.kind === 'triangles') attribute(1, batch.normals ?? computeNormals(batch.positions, batch.indices));
    const indices = gl.createBuffer();
    buffers.push(indices);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indices);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, batch.indices, gl.STATIC_DRAW);
    gl.bindVertexArray(null);
    entry = { vao, buffers, count: batch.indices.length };
    uploaded.set(batch, entry);
    return entry;
  };

  return {
    draw(scene, orbitAt) {
      if (gl.isContextLost() || !surface || !line) return false;
      ready ??= linked(gl, surface) && linked(gl, line);
      if (!ready) return false;
      const dpr = window.devicePixelRatio || 1;
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      if (width === 0 || height === 0) return false;
      // Sized as the engine sizes its canvas (adaptToDeviceRatio), so that the engine taking this
      // canvas over finds it at its size and does not clear it.
      // Set only when it changes: setting a canvas's size makes its drawing buffer again.
      const pixelWidth = (width / (1 / dpr)) | 0;
      const pixelHeight = (height / (1 / dpr)) | 0;
      if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
      if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
      const view = viewOf(orbitAt(width, height), width, height);

      gl.viewport(0, 0, canvas.width, canvas.height);
      gl.clearColor(VIEWER_BACKGROUND_RGB[0], VIEWER_BACKGROUND_RGB[1], VIEWER_BACKGROUND_RGB[2], 1);
      gl.clearDepth(1);
      gl.enable(gl.DEPTH_TEST);
      gl.depthFunc(gl.LEQUAL);
      gl.depthMask(true);
      gl.disable(gl.CULL_FACE);
      gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
      gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);

      const solid = scene.mode === 'solid';
      if (solid) {
        const u = surface.uniforms;
        gl.useProgram(surface.program);
        gl.uniformMatrix4fv(u.get('world')!, false, IDENTITY);
        gl.uniformMatrix4fv(u.get('viewProjection')!, false, view.viewProjection);
        gl.uniform3fv(u.get('cameraPosition')!, view.eye);
        gl.uniform3fv(u.get('keyDirection')!, view.keyDirection);
        gl.uniform3f(u.get('emissive')!, 0, 0, 0);
        gl.uniform1f(u.get('lit')!, 1);
        // Surfaces sit slightly behind their edges, as the engine's solid materials do.
        gl.enable(gl.POLYGON_OFFSET_FILL);
        gl.polygonOffset(1, 1);
        for (const batch of scene.built.batches) {
          if (batch.kind !== 'triangles' || batch.indices.length === 0) continue;
          const material = scene.materials[batch.material];
          const c = material?.color ?? [0.8, 0.8, 0.8];
          const alpha = material?.alpha ?? 1;
          gl.uniform3f(u.get('baseColor')!, gamma(c[0]), gamma(c[1]), gamma(c[2]));
          gl.uniform1f(u.get('opacity')!, alpha);
          if (alpha < 1) gl.enable(gl.BLEND);
          else gl.disable(gl.BLEND);
          const entry = upload(batch);
          gl.bindVertexArray(entry.vao);
          gl.drawElements(gl.TRIANGLES, entry.count, gl.UNSIGNED_INT, 0);
        }
        gl.disable(gl.POLYGON_OFFSET_FILL);
      }

      gl.useProgram(line.program);
      gl.uniformMatrix4fv(line.uniforms.get('viewProjection')!, false, view.viewProjection);
      const edgeStyle = EDGE_PALETTE[scene.mode];
      for (const batch of scene.built.batches) {
        if (batch.kind !== 'lines' || batch.indices.length === 0) continue;
        const c = solid ? (scene.materials[batch.material]?.color ?? [1, 1, 1]).map(gamma) : edgeStyle.color;
        gl.disable(gl.BLEND);
        gl.uniform4f(line.uniforms.get('color')!, c[0], c[1], c[2], 1);
        const entry = upload(batch);
        gl.bindVertexArray(entry.vao);
        gl.drawElements(gl.LINES, entry.count, gl.UNSIGNED_INT, 0);
      }
      if (scene.built.edges.indices.length > 0) {
        const { color, alpha } = edgeStyle;
        if (alpha < 1) {
          gl.enable(gl.BLEND);
          gl.depthMask(false);
        } else gl.disable(gl.BLEND);
        gl.uniform4f(line.uniforms.get('color')!, color[0], color[1], color[2], alpha);
        const entry = upload(scene.built.edges);
        gl.bindVertexArray(entry.vao);
        gl.drawElements(gl.LINES, entry.count, gl.UNSIGNED_INT, 0);
        gl.depthMask(true);
      }
      gl.bindVertexArray(null);
      return true;
    },
    release() {
      for (const entry of uploaded.values()) {
        gl.deleteVertexArray(entry.vao);
        for (const buffer of entry.buffers) gl.deleteBuffer(buffer);
      }
      uploaded.clear();
      if (surface) gl.deleteProgram(surface.program);
      if (line) gl.deleteProgram(line.program);
      // What draw() changed, back to WebGL's defaults: the next user of the context starts from them.
      gl.bindVertexArray(null);
      gl.bindBuffer(gl.ARRAY_BUFFER, null);
      gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, null);
      gl.useProgram(null);
      gl.disable(gl.DEPTH_TEST);
      gl.depthFunc(gl.LESS);
      gl.depthMask(true);
      gl.disable(gl.BLEND);
      gl.blendFunc(gl.ONE, gl.ZERO);
      gl.disable(gl.POLYGON_OFFSET_FILL);
      gl.polygonOffset(0, 0);
      gl.clearColor(0, 0, 0, 0);
      for (const location of [0, 1]) gl.disableVertexAttribArray(location);
    },
    dispose() {
      this.release();
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    },
  };
}
