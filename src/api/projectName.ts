/** Project name rules (SPEC §5), shared by the rename dialog and the server. */
export const PROJECT_NAME_MAX = 60;
export const PROJECT_NAME_FORBIDDEN = /[\\/:*?"<>|]/;

export type ProjectNameError = 'tooLong' | 'tooShort' | 'invalidCharacters';

export function projectNameError(name: string): ProjectNameError | null {
  if (name.length > PROJECT_NAME_MAX) return 'tooLong';
  if (name.length < 1) return 'tooShort';
  if (PROJECT_NAME_FORBIDDEN.test(name)) return 'invalidCharacters';
  return null;
}
