/**
 * A choice's texture (a wood grain, a stone): an image the owner uploads to the project, kept
 * re-encoded as a JPEG of at most QUOTE_TEXTURE_SIZE pixels a side, named by a random id of 32 hex
 * digits. On the model, the bound parts draw it projected along their faces' axes, one repeat per
 * QUOTE_TEXTURE_REPEAT_M metres (no texture coordinates are needed, so every exporter's parts take it).
 *
 * The engine is given a finish as one string, `#rrggbb` or `#rrggbb url(<address of the texture>)`
 * (as CSS writes a background): the colour shows at once, the texture when it has arrived.
 */
import { imageFileProblem, type ImageFileProblem } from '../imageFile';

export const QUOTE_TEXTURE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const QUOTE_TEXTURE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp'] as const;
export const QUOTE_TEXTURE_MAX_BYTES = 2 * 1024 * 1024;
export const QUOTE_TEXTURE_MAX_MEGABYTES = QUOTE_TEXTURE_MAX_BYTES / (1024 * 1024);
/** The greatest side of a stored texture, in pixels. */
export const QUOTE_TEXTURE_SIZE = 512;
/** The length on the model one repeat of a texture covers, in metres. */
export const QUOTE_TEXTURE_REPEAT_M = 0.6;

/** A texture's id: 32 hex digits (random, 128 bits). */
export const TEXTURE_ID = /^[a-f0-9]{32}$/;

/** Why a chosen file cannot be a texture, or null. A file the system gives no type is judged by its extension. */
export function quoteTextureProblem(file: { name: string; type: string; size: number }): ImageFileProblem | null {
  return imageFileProblem(file, { mimeTypes: QUOTE_TEXTURE_MIME_TYPES, extensions: QUOTE_TEXTURE_EXTENSIONS, maxBytes: QUOTE_TEXTURE_MAX_BYTES });
}

export interface Finish {
  /** `#rrggbb`, lower case. */
  colour: string;
  /** The texture's address, or null for a plain colour. */
  texture: string | null;
}

/** The one string the engine is given for a finish. */
export function finishKey(colour: string, texture: string | null = null): string {
  const hex = colour.toLowerCase();
  return texture ? `${hex} url(${texture})` : hex;
}

/** A finish's string read back; a string that is not one gives null. */
export function parseFinish(key: string): Finish | null {
  const match = /^(#[0-9a-fA-F]{6})(?: url\((.+)\))?$/.exec(key);
  return match ? { colour: match[1].toLowerCase(), texture: match[2] ?? null } : null;
}
