/** Project names on the server: the rules of SPEC §5 (shared with the client), after trimming. */
import { PROJECT_NAME_MAX, projectNameError, type ProjectNameError } from '../../src/api/projectName';

const CONTROL = /[\u0000-\u001f\u007f]/;

export const PROJECT_NAME_MESSAGES: Record<ProjectNameError, string> = {
  tooLong: `${PROJECT_NAME_MAX} maximum characters`,
  tooShort: 'You need at least 1 character.',
  invalidCharacters: 'Invalid characters.',
};

export type NameCheck = { ok: true; name: string } | { ok: false; error: ProjectNameError; message: string };

/** Trims, then applies the shared rules; control characters count as invalid characters. */
export function checkProjectName(raw: string): NameCheck {
  const name = raw.trim();
  const error = projectNameError(name) ?? (CONTROL.test(name) ? 'invalidCharacters' : null);
  return error ? { ok: false, error, message: PROJECT_NAME_MESSAGES[error] } : { ok: true, name };
}

/** A valid project name made from an uploaded file's name: extension dropped, bad characters replaced. */
export function projectNameFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[A-Za-z0-9]{1,10}$/, '');
  const cleaned = stem
    .replace(/[\\/:*?"<>|]/g, ' ')
        .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Cut at the limit without splitting a surrogate pair.
  const name = cleaned.slice(0, PROJECT_NAME_MAX).replace(/[\uD800-\uDBFF]$/, '').trim();
  return checkProjectName(name).ok ? name : 'Untitled project';
}
