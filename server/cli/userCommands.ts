/** `user ...` admin commands. */
import { isSafeName } from '../../src/model/text/safeText';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/database';
import { revokeUserRefreshTokens } from '../db/tokens';
import {
  createUser,
  DuplicateUsernameError,
  findUserByUsername,
  listUsers,
  setPasswordHash,
  setUserDisabled,
  type User,
} from '../db/users';
import { passwordProblem, usernameProblem } from '../domain/usernames';
import { CommandError, table, UsageError } from './usage';

export interface CommandInput {
  args: string[];
  options: Record<string, string | undefined>;
  nowSeconds: number;
}

function oneUsername(args: string[], command: string): string {
  if (args.length !== 1) throw new UsageError(`user ${command} needs exactly one <username>.`);
  const problem = usernameProblem(args[0]);
  if (problem) throw new UsageError(problem);
  return args[0];
}

function requiredPassword(options: CommandInput['options']): string {
  const password = options.password;
  if (password === undefined) throw new UsageError('--password is required.');
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(problem);
  return password;
}

/** The full name: the author of the owner's notes, so the product's single-line name rule (src/model/text/safeText.ts). */
function fullNameOption(options: CommandInput['options']): string {
  const name = options.name?.trim() ?? '';
  if (!isSafeName(name)) throw new UsageError('The name must not contain control characters, text-direction marks, line separators or zero-width characters.');
  return name;
}

export async function existingUser(db: Db, username: string): Promise<User> {
  const user = await findUserByUsername(db, username);
  if (!user) throw new CommandError(`No user named ${username}.`);
  return user;
}

export async function runUserCommand(db: Db, sub: string | undefined, input: CommandInput): Promise<string> {
  const { args, options, nowSeconds } = input;
  switch (sub) {
    case 'add': {
      const username = oneUsername(args, 'add');
      const password = requiredPassword(options);
      const fullName = fullNameOption(options);
      try {
        const user = await createUser(db, {
          username,
          passwordHash: await hashPassword(password),
          fullName,
          nowSeconds,
        });
        return `Created user ${user.username} (id ${user.id}). Add a plan so it can log in: plan add ${user.username} --sku ... --name ...`;
      } catch (error) {
        if (error instanceof DuplicateUsernameError) throw new CommandError(error.message);
        throw error;
      }
    }
    case 'list': {
      if (args.length > 0) throw new UsageError('user list takes no arguments.');
      const users = await listUsers(db);
      if (users.length === 0) return 'No users.';
      return table(
        ['ID', 'USERNAME', 'NAME', 'STATUS', 'CREATED'],
        users.map((u) => [u.id, u.username, u.fullName, u.disabled ? 'disabled' : 'active', isoDate(u.createdAt)]),
      );
    }
    case 'disable':
    case 'enable': {
      const user = await existingUser(db, oneUsername(args, sub));
      await setUserDisabled(db, user.id, sub === 'disable');
      if (sub === 'disable') await revokeUserRefreshTokens(db, user.id, nowSeconds);
      return `User ${user.username} ${sub}d.`;
    }
    case 'password': {
      const username = oneUsername(args, 'password');
      const password = requiredPassword(options);
      const user = await existingUser(db, username);
      await setPasswordHash(db, user.id, await hashPassword(password));
      await revokeUserRefreshTokens(db, user.id, nowSeconds);
      return `Password of ${user.username} changed; its sessions were ended.`;
    }
    default:
      throw new UsageError(sub ? `Unknown user command "${sub}".` : 'Missing user command.');
  }
}

export function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
