/**
 * Checks an uploaded logo by its bytes and re-encodes it: only raster formats we can decode are
 * taken (never SVG or HTML), the pixels are decoded and written out again as a PNG of at most
 * 400 x 200 (four times the 100 x 50 it is shown at), without the original's metadata. A quote's
 * textures go the same way, as JPEGs.
 */
import sharp, { type Sharp } from 'sharp';
import { QUOTE_TEXTURE_SIZE } from '../../src/model/quote/quoteTexture';
import { ApiError } from './errors';

/** The size limit the client's picker checks too (src/api/logoFile.ts). */
export { LOGO_MAX_BYTES } from '../../src/api/logoFile';
const LOGO_MAX_WIDTH = 400;
const LOGO_MAX_HEIGHT = 200;
/** Refuse decompression bombs before decoding: 40 megapixels is past any real logo. */
const MAX_INPUT_PIXELS = 40_000_000;

type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif';

/** sharp's name of the decoder each kind must go through. */
const SHARP_FORMAT: Record<ImageKind, string> = { png: 'png', jpeg: 'jpeg', gif: 'gif', webp: 'webp', avif: 'heif' };

const ascii = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');

/** The image format the leading bytes announce, whatever the request claimed. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0x89 && ascii(bytes, 1, 8) === 'PNG\r\n\x1a\n') return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) return 'avif';
  return undefined;
}

export const UNSUPPORTED_LOGO = 'The logo must be a PNG, JPEG, GIF, WebP or AVIF image.';
export const UNSUPPORTED_TEXTURE = 'The texture must be a PNG, JPEG or WebP image.';

interface Reencoding {
  kinds: readonly ImageKind[];
  unsupported: string;
  width: number;
  height: number;
  write: (image: Sharp) => Sharp;
}

/** The image decoded by the decoder its bytes announce (415 for another kind), resized within the box and written again. */
async function reencode(bytes: Uint8Array, how: Reencoding): Promise<Buffer> {
  const kind = sniffImageKind(bytes);
  if (!kind || !how.kinds.includes(kind)) throw new ApiError(415, 'unsupported_media_type', how.unsupported);
  const image = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  try {
    const metadata = await image().metadata();
    if (metadata.format !== SHARP_FORMAT[kind]) throw new ApiError(415, 'unsupported_media_type', how.unsupported);
    return await how.write(image().rotate().resize({ width: how.width, height: how.height, fit: 'inside', withoutEnlargement: true })).toBuffer();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, 'invalid_image', 'The image could not be read.');
  }
}

/** The logo as the PNG we store and serve; 415 for anything that is not one of our raster formats. */
export function normalizeLogo(bytes: Uint8Array): Promise<Buffer> {
  return reencode(bytes, {
    kinds: ['png', 'jpeg', 'gif', 'webp', 'avif'],
    unsupported: UNSUPPORTED_LOGO,
    width: LOGO_MAX_WIDTH,
    height: LOGO_MAX_HEIGHT,
    write: (image) => image.png({ compressionLevel: 9 }),
  });
}

/**
 * A choice's texture as the JPEG we store and serve (at most QUOTE_TEXTURE_SIZE a side, its
 * transparency on white), with the colour it averages to, which the choice's swatch takes.
 */
export async function normalizeTexture(bytes: Uint8Array): Promise<{ jpeg: Buffer; colour: string }> {
  const jpeg = await reencode(bytes, {
    kinds: ['png', 'jpeg', 'webp'],
    unsupported: UNSUPPORTED_TEXTURE,
    width: QUOTE_TEXTURE_SIZE,
    height: QUOTE_TEXTURE_SIZE,
    write: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }),
  });
  const { channels } = await sharp(jpeg).stats();
  const hex = channels
    .slice(0, 3)
    .map((c) => Math.round(c.mean).toString(16).padStart(2, '0'))
    .join('');
  return { jpeg, colour: `#${hex}` };
}
