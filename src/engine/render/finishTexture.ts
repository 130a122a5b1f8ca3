/**
 * A finish's texture, loaded apart from the engine's chunk (the viewer imports this file only when a
 * client chooses a textured finish): Babylon.js's Texture class, repeating, with mipmaps, read as
 * the image is stored (no flip: the projection in the surface shader has no preferred way up).
 */
import { Texture } from '@babylonjs/core/Materials/Textures/texture';
import type { Scene } from '@babylonjs/core/scene';

/** Loads the image at `url`; `done` gets the texture once its pixels are on the GPU (never on an error). */
export function loadFinishTexture(scene: Scene, url: string, done: (texture: Texture) => void): void {
  const texture: Texture = new Texture(url, scene, {
    noMipmap: false,
    invertY: false,
    onLoad: () => done(texture),
    onError: () => texture.dispose(),
  });
  texture.wrapU = Texture.WRAP_ADDRESSMODE;
  texture.wrapV = Texture.WRAP_ADDRESSMODE;
}
