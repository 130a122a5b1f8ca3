/** First start: with no users at all, create the demo account and a plan so the product can be tried at once. */
import { randomToken } from '../auth/randomTokens';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/database';
import { addPlan } from '../db/plans';
import { countUsers, createUser, DuplicateUsernameError, type User } from '../db/users';
import { DAY_SECONDS } from '../domain/clock';

export const DEMO_PLAN = { sku: 'DEMO', name: 'Demo plan', credits: 10, updatesPerCredit: 3, days: 365 } as const;

interface DemoAccount {
  user: User;
  username: string;
  password: string;
}

/** Creates the demo user and its plan when the users table is empty; otherwise does nothing. */
export async function ensureDemoAccount(
  db: Db,
  settings: { demoUsername: string; demoPassword: string | undefined },
  nowSeconds: number,
): Promise<DemoAccount | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const password = settings.demoPassword ?? randomToken(12);
  const passwordHash = await hashPassword(password);
  try {
    const user = await db.transaction().execute(async (trx) => {
      const created = await createUser(trx, {
        username: settings.demoUsername,
        passwordHash,
        fullName: 'Demo User',
        nowSeconds,
      });
      await addPlan(trx, {
        userId: created.id,
        sku: DEMO_PLAN.sku,
        name: DEMO_PLAN.name,
        totalCredits: DEMO_PLAN.credits,
        maxUpdatePerCredit: DEMO_PLAN.updatesPerCredit,
        expirationDate: nowSeconds + DEMO_PLAN.days * DAY_SECONDS,
        nowSeconds,
      });
      return created;
    });
    return { user, username: user.username, password };
  } catch (error) {
    // Another process seeded at the same moment: theirs stands.
    if (error instanceof DuplicateUsernameError) return undefined;
    throw error;
  }
}
