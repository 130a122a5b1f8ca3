/** Usernames are e-mail addresses, compared without case or surrounding spaces. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

const USERNAME_MAX_LENGTH = 320;
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 1024;

/** Returns a problem to show, or undefined when the username can be used. */
export function usernameProblem(username: string): string | undefined {
  const value = normalizeUsername(username);
  if (value.length === 0) return 'The username is empty.';
  if (value.length > USERNAME_MAX_LENGTH) return `The username is longer than ${USERNAME_MAX_LENGTH} characters.`;
  if (/\s/.test(value)) return 'The username must not contain spaces.';
  return undefined;
}

export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password is longer than ${PASSWORD_MAX_LENGTH} characters.`;
  return undefined;
}
