/**
 * The GLSL of the viewer's one surface program (see surfaceMaterial.ts), without Babylon.js: the
 * engine registers it as a shader material, and the link's first frame (firstFrame/) compiles the
 * same text itself, so the picture does not change when the engine takes over.
 *
 * Lighting, as a product viewer lights a model: a sky/ground hemisphere (cool above, warm and dark
 * below) plus a key light that follows the camera from above-left, applied to linear colours and
 * brought back to the screen's gamma with a soft shoulder, so white panels stay readable and the
 * faces of a box differ. Faces are lit from whichever side the camera sees, except while a cut
 * caps closed parts (`capping`): a face seen from behind is then the inside of a cut part and is
 * drawn flat in the part's colour, darker, so that a cut panel reads as solid (docs/decisions.md).
 * The clip planes (up to six: a section box) are tested per fragment on the world position.
 * With TEXTURED defined (a finish with a texture, materials.ts), the colour is a texture projected
 * along the world axes instead, so that parts need no texture coordinates.
 * The light's numbers are the model's (model/viewLook.ts), which the server's poster uses too.
 */
import { LIGHT } from '../../model/viewLook';

const glsl = (n: number) => (Number.isInteger(n) ? `${n}.0` : String(n));
const vec3 = (v: readonly number[]) => `vec3(${v.map(glsl).join(', ')})`;

export const SURFACE_VERTEX_SHADER = `precision highp float;
attribute vec3 position;
attribute vec3 normal;
uniform mat4 world;
uniform mat4 viewProjection;
varying vec3 vPositionW;
varying vec3 vNormalW;
void main(void) {
  vec4 worldPos = world * vec4(position, 1.0);
  vPositionW = worldPos.xyz;
  vNormalW = normalize(mat3(world) * normal);
  gl_Position = viewProjection * worldPos;
}`;

export const SURFACE_FRAGMENT_SHADER = `precision highp float;
varying vec3 vPositionW;
varying vec3 vNormalW;
#ifdef CLIPPLANE
uniform vec4 vClipPlane;
#endif
#ifdef CLIPPLANE2
uniform vec4 vClipPlane2;
#endif
#ifdef CLIPPLANE3
uniform vec4 vClipPlane3;
#endif
#ifdef CLIPPLANE4
uniform vec4 vClipPlane4;
#endif
#ifdef CLIPPLANE5
uniform vec4 vClipPlane5;
#endif
#ifdef CLIPPLANE6
uniform vec4 vClipPlane6;
#endif
uniform vec3 cameraPosition;
uniform vec3 keyDirection;
uniform vec3 baseColor;
uniform vec3 emissive;
uniform float lit;
uniform float opacity;
uniform float capping;
#ifdef TEXTURED
uniform sampler2D finishTexture;
uniform float textureReady;
uniform float textureScale;
#endif
const vec3 SKY = ${vec3(LIGHT.sky)};
const vec3 GROUND = ${vec3(LIGHT.ground)};
const float KEY = ${glsl(LIGHT.key)};
const float CAP_SHADE = ${glsl(LIGHT.capShade)};
const float SHOULDER = ${glsl(LIGHT.shoulder)};
const float GAMMA = ${glsl(LIGHT.gamma)};
void main(void) {
  vec4 p = vec4(vPositionW, 1.0);
#ifdef CLIPPLANE
  if (dot(p, vClipPlane) > 0.0) discard;
#endif
#ifdef CLIPPLANE2
  if (dot(p, vClipPlane2) > 0.0) discard;
#endif
#ifdef CLIPPLANE3
  if (dot(p, vClipPlane3) > 0.0) discard;
#endif
#ifdef CLIPPLANE4
  if (dot(p, vClipPlane4) > 0.0) discard;
#endif
#ifdef CLIPPLANE5
  if (dot(p, vClipPlane5) > 0.0) discard;
#endif
#ifdef CLIPPLANE6
  if (dot(p, vClipPlane6) > 0.0) discard;
#endif
  vec3 n = normalize(vNormalW);
  vec3 base = baseColor;
#ifdef TEXTURED
  // A finish's texture projected along the three axes, each weighted by how squarely the face looks down it.
  vec3 w = pow(abs(n), vec3(4.0));
  w /= w.x + w.y + w.z;
  vec3 p3 = vPositionW * textureScale;
  vec3 grain = texture2D(finishTexture, p3.zy).rgb * w.x + texture2D(finishTexture, p3.xz).rgb * w.y + texture2D(finishTexture, p3.xy).rgb * w.z;
  base = mix(baseColor, grain, textureReady);
#endif
  if (dot(n, cameraPosition - vPositionW) < 0.0) {
    // A closed part seen from inside is seen through a cut: its inside fills the cut, flat and darker.
    if (capping > 0.5) {
      gl_FragColor = vec4(base * CAP_SHADE, opacity);
      return;
    }
    n = -n;
  }
  vec3 albedo = pow(base, vec3(GAMMA));
  vec3 light = mix(GROUND, SKY, 0.5 + 0.5 * n.y) + KEY * max(dot(n, -keyDirection), 0.0);
  vec3 linear = albedo * light;
  // A soft shoulder instead of a hard clip: highlights roll off, whites stay below pure white.
  linear = linear / (1.0 + SHOULDER * linear);
  vec3 shaded = pow(linear, vec3(1.0 / GAMMA)) + emissive;
  gl_FragColor = vec4(mix(base + emissive, shaded, lit), opacity);
}`;

/** The uniforms of the surface program. */
export const SURFACE_UNIFORMS = ['world', 'viewProjection', 'cameraPosition', 'keyDirection', 'baseColor', 'emissive', 'lit', 'opacity', 'capping'] as const;

/** The key light's direction before any camera moved it. */
export const INITIAL_KEY_DIRECTION: readonly [number, number, number] = [0, -0.35, -1];
