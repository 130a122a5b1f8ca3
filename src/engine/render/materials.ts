/**
 * The few shared materials of all render modes: one per model material for solid, and one each
 * for x-ray, illustration and highlight, all on the one surface shader (surfaceMaterial.ts).
 * Materials are frozen once built.
 */
import { Constants } from '@babylonjs/core/Engines/constants';
import type { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import type { Scene } from '@babylonjs/core/scene';
import type { SourceMaterial } from '../geometry/modelSource';
import { markCapping } from '../clipping/clipPlanes';
import { surfaceMaterial } from './surfaceMaterial';
import { parseFinish, QUOTE_TEXTURE_REPEAT_M } from '../../model/quote/quoteTexture';

const HIGHLIGHT_COLOR = new Color3(0.976, 0.451, 0.086);

/** Surfaces sit slightly behind their edges so that lines drawn on them never flicker. */
function behindEdges(m: ShaderMaterial): ShaderMaterial {
  m.zOffset = 1;
  m.zOffsetUnits = 1;
  return m;
}

export function solidMaterial(source: SourceMaterial, scene: Scene): ShaderMaterial {
  const c = source.color;
  const m = behindEdges(surfaceMaterial(`solid-${source.index}`, scene, { color: new Color3(c[0], c[1], c[2]).toGammaSpace(), lit: true, alpha: source.alpha }));
  m.backFaceCulling = !source.doubleSided;
  // A single-sided part is closed: its inside fills a cut. A double-sided one is a sheet: it does not.
  if (!source.doubleSided) markCapping(m, true);
  return m;
}

export function xrayMaterial(scene: Scene): ShaderMaterial {
  const m = surfaceMaterial('xray', scene, { color: new Color3(0.45, 0.66, 0.95), lit: false, alpha: 0.1 });
  m.disableDepthWrite = true;
  m.backFaceCulling = true;
  m.alphaMode = Constants.ALPHA_COMBINE;
  return m;
}

export function illustrationMaterial(scene: Scene): ShaderMaterial {
  // Flat light surfaces: mostly a constant light grey, a little shading so faces stay apart.
  const m = behindEdges(surfaceMaterial('illustration', scene, { color: new Color3(0.3, 0.3, 0.3), emissive: new Color3(0.62, 0.62, 0.61), lit: true }));
  markCapping(m, m.backFaceCulling);
  return m;
}

/** Comparison tints: added parts green, changed parts yellow (the selection keeps the orange). */
export const TINT_COLORS = { added: new Color3(0.2, 0.8, 0.35), changed: new Color3(0.98, 0.82, 0.12) } as const;

/**
 * A finish the client chose (the quote's options): the bound parts drawn again, lit and opaque in
 * the choice's colour, in front of their own surfaces (which sit behind their edges) and still
 * behind the edges, so they keep their outlines. `finish` is `#rrggbb`, or `#rrggbb url(...)` with a
 * texture: the colour shows at once, the texture (loaded apart, finishTexture.ts) when it has
 * arrived, and `changed` asks for a frame then.
 */
export function finishMaterial(scene: Scene, finish: string, changed: () => void = () => {}): ShaderMaterial {
  const { colour, texture } = parseFinish(finish) ?? { colour: '#808080', texture: null };
  // Drawn after the opaque surfaces (an alpha just below 1 puts it in the transparent pass), from both sides as the highlight is.
  const m = surfaceMaterial(`finish-${finish}`, scene, { color: Color3.FromHexString(colour), lit: true, alpha: 0.999, textured: texture !== null });
  m.zOffset = 0.5;
  m.zOffsetUnits = 0.5;
  m.backFaceCulling = false;
  if (texture) {
    m.setFloat('textureReady', 0);
    m.setFloat('textureScale', 1 / QUOTE_TEXTURE_REPEAT_M);
    let disposed = false;
    m.onDisposeObservable.add(() => (disposed = true));
    import('./finishTexture')
      .then(({ loadFinishTexture }) =>
        loadFinishTexture(scene, texture, (loaded) => {
          if (disposed) return loaded.dispose();
          m.setTexture('finishTexture', loaded);
          m.setFloat('textureReady', 1);
          m.onDisposeObservable.add(() => loaded.dispose());
          changed();
        }),
      )
      // The texture's code could not be fetched (offline): the finish keeps its colour.
      .catch(() => {});
  }
  return m;
}

export function highlightMaterial(scene: Scene, color: Color3 = HIGHLIGHT_COLOR, name = 'highlight'): ShaderMaterial {
  const m = surfaceMaterial(name, scene, { color, lit: false, alpha: 0.6 });
  m.zOffset = -2;
  m.zOffsetUnits = -2;
  m.backFaceCulling = false;
  return m;
}
