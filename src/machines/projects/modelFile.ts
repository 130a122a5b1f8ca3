/** The model files the add tile and Update accept (SPEC §1, §5), and the logo picker's images. */
import { LOGO_EXTENSIONS, LOGO_MIME_TYPES } from '../../api/logoFile';
import { MODEL_EXTENSIONS } from '../../api/schemas';

/** The `accept` attribute of the model file picker. */
export const MODEL_FILE_ACCEPT = MODEL_EXTENSIONS.join(',');

/** The accepted extensions as a user reads them: `.vok, .zip, ...`. */
export const MODEL_FORMATS_TEXT = MODEL_EXTENSIONS.join(', ');

export function isModelFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return MODEL_EXTENSIONS.some((extension) => lower.endsWith(extension) && lower.length > extension.length);
}

/** The `accept` attribute of the logo picker: the formats the server takes (src/api/logoFile.ts). */
export const LOGO_FILE_ACCEPT = [...LOGO_MIME_TYPES, ...LOGO_EXTENSIONS].join(',');

export { LOGO_MAX_MEGABYTES, logoFileProblem, type LogoFileProblem } from '../../api/logoFile';
