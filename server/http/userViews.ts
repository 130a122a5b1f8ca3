/** How a user account travels on the wire (SPEC §3 user info and settings). */
import { DEFAULT_AVATAR_URL, distanceUnitSchema, inchFractionSchema, languageSchema, type settingsSchema, type userInfoSchema } from '../../src/api/schemas';
import type { z } from 'zod';
import type { User } from '../db/users';

export function toUserInfo(user: Pick<User, 'fullName' | 'username' | 'avatarUrl'>): z.input<typeof userInfoSchema> {
  return {
    fullName: user.fullName.trim() || user.username,
    avatarUrl: user.avatarUrl ?? DEFAULT_AVATAR_URL,
    isLoggedIn: true,
  };
}

export function toSettings(user: Pick<User, 'preferredLanguage' | 'preferredUnit' | 'preferredInchFraction'>): z.input<typeof settingsSchema> {
  const language = languageSchema.safeParse(user.preferredLanguage);
  const unit = distanceUnitSchema.safeParse(user.preferredUnit);
  const fraction = inchFractionSchema.safeParse(user.preferredInchFraction);
  return {
    ...(language.success ? { preferredDisplayLanguage: language.data } : {}),
    ...(unit.success ? { preferredDistanceUnit: unit.data } : {}),
    ...(fraction.success ? { preferredInchFraction: fraction.data } : {}),
  };
}
