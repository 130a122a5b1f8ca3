/** Creates accounts straight in the database, the way the admin command does. */
import { hashPassword } from '../../../server/auth/passwords';
import type { Db } from '../../../server/db/database';
import { addPlan } from '../../../server/db/plans';
import { createUser, type User } from '../../../server/db/users';
import { DAY_SECONDS, toSeconds } from '../../../server/domain/clock';

export interface AccountOptions {
  username: string;
  password: string;
  fullName?: string;
  /** Days the plan still runs (negative: expired); null: no plan at all. */
  planDays?: number | null;
  nowMs: number;
}

export async function createAccount(db: Db, options: AccountOptions): Promise<User> {
  const nowSeconds = toSeconds(options.nowMs);
  const user = await createUser(db, {
    username: options.username,
    passwordHash: await hashPassword(options.password),
    fullName: options.fullName ?? 'Test User',
    nowSeconds,
  });
  const days = options.planDays === undefined ? 30 : options.planDays;
  if (days !== null) {
    await addPlan(db, {
      userId: user.id,
      sku: 'PRO',
      name: 'Pro',
      totalCredits: 5,
      maxUpdatePerCredit: 3,
      expirationDate: nowSeconds + days * DAY_SECONDS,
      nowSeconds,
    });
  }
  return user;
}
