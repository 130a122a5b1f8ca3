/**
 * The logo files the server takes (PUT branding/logo): PNG, JPEG, GIF, WebP or AVIF, at most
 * 5 MB. The server checks the bytes themselves; the picker offers these and refuses others before
 * sending, so the user learns why at once.
 */
import { imageFileProblem, type ImageFileProblem } from '../model/imageFile';

export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;
export const LOGO_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif'] as const;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** LOGO_MAX_BYTES as people read it. */
export const LOGO_MAX_MEGABYTES = LOGO_MAX_BYTES / (1024 * 1024);

export type LogoFileProblem = ImageFileProblem;

/** Why a chosen file cannot be the logo, or null. A file the system gives no type is judged by its extension. */
export function logoFileProblem(file: { name: string; type: string; size: number }): LogoFileProblem | null {
  return imageFileProblem(file, { mimeTypes: LOGO_MIME_TYPES, extensions: LOGO_EXTENSIONS, maxBytes: LOGO_MAX_BYTES });
}
