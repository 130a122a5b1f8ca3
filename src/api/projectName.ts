/** Project name rules (SPEC §5), shared by the rename dialog and the server. */
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
