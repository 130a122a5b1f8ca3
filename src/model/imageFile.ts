/**
 * Whether a file the user picked can be taken as an image of some kind (a logo, a texture): by its
 * type, or by its extension when the system gives it no type, then by its size. The server checks
 * the bytes themselves; this lets a picker say why at once.
 */
export type ImageFileProblem = 'type' | 'size';

export interface ImageFileRule {
  mimeTypes: readonly string[];
  extensions: readonly string[];
  maxBytes: number;
}

export function imageFileProblem(file: { name: string; type: string; size: number }, rule: ImageFileRule): ImageFileProblem | null {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  const known = type !== '' ? rule.mimeTypes.includes(type) : rule.extensions.some((extension) => name.endsWith(extension));
  if (!known) return 'type';
  return file.size > rule.maxBytes ? 'size' : null;
}
