/** Project name rules (SPEC §5) and the name made from a model file, shared by the client and the server. */
export const PROJECT_NAME_MAX = 60;
export const PROJECT_NAME_FORBIDDEN = /[\\/:*?"<>|]/;

export type ProjectNameError = 'tooLong' | 'tooShort' | 'invalidCharacters';

/** The rules apply to the name as it is kept: without the spaces around it (a name of spaces is empty). */
export function projectNameError(name: string): ProjectNameError | null {
  const kept = name.trim();
  if (kept.length > PROJECT_NAME_MAX) return 'tooLong';
  if (kept.length < 1) return 'tooShort';
  if (PROJECT_NAME_FORBIDDEN.test(kept)) return 'invalidCharacters';
  return null;
}

/** Characters a name may not hold besides the forbidden ones: control characters. */
export const PROJECT_NAME_CONTROL = /[\u0000-\u001f\u007f]/;

/** What a file whose name gives nothing usable is called. */
export const UNTITLED_PROJECT_NAME = 'Untitled project';

/**
 * The project name made from an uploaded file's name: folders and extension dropped, forbidden
 * and control characters replaced by spaces, spaces folded, cut at the limit.
 */
export function projectNameFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[A-Za-z0-9]{1,10}$/, '');
  const cleaned = stem
    .replace(new RegExp(PROJECT_NAME_FORBIDDEN.source, 'g'), ' ')
    .replace(new RegExp(PROJECT_NAME_CONTROL.source, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Cut at the limit without splitting a surrogate pair.
  const name = cleaned.slice(0, PROJECT_NAME_MAX).replace(/[\uD800-\uDBFF]$/, '').trim();
  return projectNameError(name) === null ? name : UNTITLED_PROJECT_NAME;
}
