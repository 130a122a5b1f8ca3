/**
 * The one surface shader of the viewer: a small program of our own instead of StandardMaterial,
 * whose many shader variants cost the engine chunk bytes and the first frame compile time (over
 * half a second in software WebGL). Every surface material (solid colours, x-ray, illustration,
 * highlight, measurement dots) is this program with other uniforms, so one compile serves all.
 * Its GLSL and lighting are in surfaceShader.ts.
 */
import { Constants } from '@babylonjs/core/Engines/constants';
import { ShaderStore } from '@babylonjs/core/Engines/shaderStore';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Scene } from '@babylonjs/core/scene';
import { INITIAL_KEY_DIRECTION, SURFACE_FRAGMENT_SHADER, SURFACE_UNIFORMS, SURFACE_VERTEX_SHADER } from './surfaceShader';

const NAME = 'cvSurface';

ShaderStore.ShadersStore[`${NAME}VertexShader`] = SURFACE_VERTEX_SHADER;
ShaderStore.ShadersStore[`${NAME}FragmentShader`] = SURFACE_FRAGMENT_SHADER;

/** A surface look: `lit` colours are shaded, unlit ones drawn flat (x-ray, highlight, markers). */
interface SurfaceLook {
  /** In gamma space, as shown. */
  color: Color3;
  emissive?: Color3;
  lit: boolean;
  alpha?: number;
  /** Whether the scene's clip planes cut it (default true; handles on the cut itself are not cut). */
  clip?: boolean;
  /** A texture sampler `finishTexture` replaces the colour once set (the finishes' variant of the program). */
  textured?: boolean;
}

const keyLights = new WeakMap<Scene, Vector3>();

/**
 * The direction a scene's key light shines in, shared by all its surface materials: the engine
 * updates it in place as the camera moves, and the materials bind it on every frame.
 */
export function keyLightOf(scene: Scene): Vector3 {
  let key = keyLights.get(scene);
  if (!key) keyLights.set(scene, (key = new Vector3(...INITIAL_KEY_DIRECTION).normalize()));
  return key;
}

export function surfaceMaterial(name: string, scene: Scene, look: SurfaceLook): ShaderMaterial {
  const m = new ShaderMaterial(name, scene, NAME, {
    attributes: ['position', 'normal'],
    uniforms: look.textured ? [...SURFACE_UNIFORMS, 'textureReady', 'textureScale'] : [...SURFACE_UNIFORMS],
    samplers: look.textured ? ['finishTexture'] : [],
    defines: look.textured ? ['#define TEXTURED'] : [],
    useClipPlane: look.clip ?? true,
  });
  m.setColor3('baseColor', look.color);
  m.setColor3('emissive', look.emissive ?? Color3.Black());
  m.setFloat('lit', look.lit ? 1 : 0);
  m.alpha = look.alpha ?? 1;
  m.setFloat('opacity', m.alpha);
  m.setVector3('keyDirection', keyLightOf(scene));
  m.alphaMode = Constants.ALPHA_COMBINE;
  return m;
}
