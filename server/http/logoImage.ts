/**
 * Checks an uploaded logo by its bytes and re-encodes it: only raster formats we can decode are
 * taken (never SVG or HTML), the pixels are decoded and written out again as a PNG of at most
 * 400 x 200 (four times the 100 x 50 it is shown at), without the original's metadata.
 */
import sharp from 'sharp';
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

/** The logo as the PNG we store and serve; 415 for anything that is not one of our raster formats. */
export async function normalizeLogo(bytes: Uint8Array): Promise<Buffer> {
  const kind = sniffImageKind(bytes);
  if (!kind) throw new ApiError(415, 'unsupported_media_type', UNSUPPORTED_LOGO);
  const image = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  try {
    const metadata = await image().metadata();
    if (metadata.format !== SHARP_FORMAT[kind]) throw new ApiError(415, 'unsupported_media_type', UNSUPPORTED_LOGO);
    return await image()
      .rotate()
      .resize({ width: LOGO_MAX_WIDTH, height: LOGO_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, 'invalid_image', 'The image could not be read.');
  }
}
