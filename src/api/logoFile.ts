/**
 * The logo files the server takes (PUT branding/logo): PNG, JPEG, GIF, WebP or AVIF, at most
 * 5 MB. The server checks the bytes themselves; the picker offers these and refuses others before
 * sending, so the user learns why at once.
 */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;
export const LOGO_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif'] as const;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** LOGO_MAX_BYTES as people read it. */
export const LOGO_MAX_MEGABYTES = LOGO_MAX_BYTES / (1024 * 1024);

export type LogoFileProblem = 'type' | 'size';

/** Why a chosen file cannot be the logo, or null. A file the system gives no type is judged by its extension. */
export function logoFileProblem(file: { name: string; type: string; size: number }): LogoFileProblem | null {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  const known = type !== '' ? (LOGO_MIME_TYPES as readonly string[]).includes(type) : LOGO_EXTENSIONS.some((extension) => name.endsWith(extension));
  if (!known) return 'type';
  return file.size > LOGO_MAX_BYTES ? 'size' : null;
}
