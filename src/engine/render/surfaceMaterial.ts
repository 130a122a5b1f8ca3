/**
 * The one surface shader of the viewer: a small program of our own instead of StandardMaterial,
 * whose many shader variants cost the engine chunk bytes and the first frame compile time (over
 * half a second in software WebGL). Every surface material (solid colours, x-ray, illustration,
 * highlight, measurement dots) is this program with other uniforms, so one compile serves all.
 *
 * Lighting, as a product viewer lights a model: a sky/ground hemisphere (cool above, warm and dark
 * below) plus a key light that follows the camera from above-left, applied to linear colours and
 * brought back to the screen's gamma with a soft shoulder, so white panels stay readable and the
 * faces of a box differ. Faces are lit from whichever side the camera sees.
 */
import { Constants } from '@babylonjs/core/Engines/constants';
import { ShaderStore } from '@babylonjs/core/Engines/shaderStore';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Scene } from '@babylonjs/core/scene';

const NAME = 'cvSurface';

ShaderStore.ShadersStore[`${NAME}VertexShader`] = `precision highp float;
attribute vec3 position;
attribute vec3 normal;
uniform mat4 world;
uniform mat4 viewProjection;
varying vec3 vPositionW;
varying vec3 vNormalW;
#ifdef CLIPPLANE
uniform vec4 vClipPlane;
varying float fClipDistance;
#endif
void main(void) {
  vec4 worldPos = world * vec4(position, 1.0);
  vPositionW = worldPos.xyz;
  vNormalW = normalize(mat3(world) * normal);
#ifdef CLIPPLANE
  fClipDistance = dot(worldPos, vClipPlane);
#endif
  gl_Position = viewProjection * worldPos;
}`;

ShaderStore.ShadersStore[`${NAME}FragmentShader`] = `precision highp float;
varying vec3 vPositionW;
varying vec3 vNormalW;
#ifdef CLIPPLANE
varying float fClipDistance;
#endif
uniform vec3 cameraPosition;
uniform vec3 keyDirection;
uniform vec3 baseColor;
uniform vec3 emissive;
uniform float lit;
uniform float opacity;
const vec3 SKY = vec3(0.50, 0.53, 0.58);
const vec3 GROUND = vec3(0.16, 0.15, 0.14);
const float KEY = 0.62;
void main(void) {
#ifdef CLIPPLANE
  if (fClipDistance > 0.0) discard;
#endif
  vec3 n = normalize(vNormalW);
  if (dot(n, cameraPosition - vPositionW) < 0.0) n = -n;
  vec3 albedo = pow(baseColor, vec3(2.2));
  vec3 light = mix(GROUND, SKY, 0.5 + 0.5 * n.y) + KEY * max(dot(n, -keyDirection), 0.0);
  vec3 linear = albedo * light;
  // A soft shoulder instead of a hard clip: highlights roll off, whites stay below pure white.
  linear = linear / (1.0 + 0.25 * linear);
  vec3 shaded = pow(linear, vec3(1.0 / 2.2)) + emissive;
  gl_FragColor = vec4(mix(baseColor + emissive, shaded, lit), opacity);
}`;

/** A surface look: `lit` colours are shaded, unlit ones drawn flat (x-ray, highlight, markers). */
export interface SurfaceLook {
  /** In gamma space, as shown. */
  color: Color3;
  emissive?: Color3;
  lit: boolean;
  alpha?: number;
}

const keyLights = new WeakMap<Scene, Vector3>();

/**
 * The direction a scene's key light shines in, shared by all its surface materials: the engine
 * updates it in place as the camera moves, and the materials bind it on every frame.
 */
export function keyLightOf(scene: Scene): Vector3 {
  let key = keyLights.get(scene);
  if (!key) keyLights.set(scene, (key = new Vector3(0, -0.35, -1).normalize()));
  return key;
}

export function surfaceMaterial(name: string, scene: Scene, look: SurfaceLook): ShaderMaterial {
  const m = new ShaderMaterial(name, scene, NAME, {
    attributes: ['position', 'normal'],
    uniforms: ['world', 'viewProjection', 'cameraPosition', 'keyDirection', 'baseColor', 'emissive', 'lit', 'opacity'],
    useClipPlane: true,
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
