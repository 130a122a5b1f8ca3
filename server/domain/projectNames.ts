/** Project names on the server: the rules of SPEC §5 (shared with the client), after trimming. */
import { PROJECT_NAME_MAX, projectNameError, type ProjectNameError } from '../../src/model/text/projectName';

/** The name made from an uploaded file's name: the rule the client uses too. */
export { projectNameFromFileName } from '../../src/model/text/projectName';

const PROJECT_NAME_MESSAGES: Record<ProjectNameError, string> = {
  tooLong: `${PROJECT_NAME_MAX} maximum characters`,
  tooShort: 'You need at least 1 character.',
  invalidCharacters: 'Invalid characters.',
};

type NameCheck = { ok: true; name: string } | { ok: false; error: ProjectNameError; message: string };

/** Trims, then applies the shared rules (control and text-direction characters are invalid characters). */
export function checkProjectName(raw: string): NameCheck {
  const name = raw.trim();
  const error = projectNameError(name);
  return error ? { ok: false, error, message: PROJECT_NAME_MESSAGES[error] } : { ok: true, name };
}
