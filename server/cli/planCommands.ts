/** `plan ...` admin commands. */
import { UNLIMITED_SKU } from '../../src/api/schemas';
import type { Db } from '../db/database';
import { addPlan, listPlans } from '../db/plans';
import { DAY_SECONDS } from '../domain/clock';
import { creditsLeft, isPlanActive, isUnlimited } from '../domain/plans';
import { existingUser, isoDate, type CommandInput } from './userCommands';
import { table, UsageError, wholeNumber } from './usage';

const PLAN_DEFAULTS = { updatesPerCredit: 3, days: 365 } as const;

export async function runPlanCommand(db: Db, sub: string | undefined, input: CommandInput): Promise<string> {
  const { args, options, nowSeconds } = input;
  switch (sub) {
    case 'add': {
      if (args.length !== 1) throw new UsageError('plan add needs exactly one <username>.');
      const sku = options.sku?.trim().toUpperCase();
      if (!sku) throw new UsageError('--sku is required.');
      if (!/^[A-Z0-9][A-Z0-9_-]{0,63}$/.test(sku)) throw new UsageError('--sku may hold letters, digits, _ and - only.');
      const name = options.name?.trim();
      if (!name) throw new UsageError('--name is required.');
      const unlimited = sku === UNLIMITED_SKU;
      if (!unlimited && options.credits === undefined) throw new UsageError('--credits is required (except for sku UNLIMITED).');
      const credits = unlimited ? wholeNumber(options.credits, 'credits', 0) : wholeNumber(options.credits, 'credits', 0, 1);
      const updatesPerCredit = wholeNumber(options['updates-per-credit'], 'updates-per-credit', PLAN_DEFAULTS.updatesPerCredit);
      const days = wholeNumber(options.days, 'days', PLAN_DEFAULTS.days, 1);
      if (days > 100 * 365) throw new UsageError('--days must be at most 36500.');
      const user = await existingUser(db, args[0]);
      const plan = await addPlan(db, {
        userId: user.id,
        sku,
        name,
        totalCredits: credits,
        maxUpdatePerCredit: updatesPerCredit,
        expirationDate: nowSeconds + days * DAY_SECONDS,
        nowSeconds,
      });
      const what = unlimited ? 'unlimited projects' : `${plan.totalCredits} credits`;
      return `Added plan ${plan.sku} "${plan.name}" to ${user.username}: ${what}, ${plan.maxUpdatePerCredit} updates per credit, until ${isoDate(plan.expirationDate)}.`;
    }
    case 'list': {
      if (args.length !== 1) throw new UsageError('plan list needs exactly one <username>.');
      const user = await existingUser(db, args[0]);
      const plans = await listPlans(db, user.id);
      if (plans.length === 0) return `${user.username} has no plan.`;
      return table(
        ['ID', 'SKU', 'NAME', 'CREDITS USED', 'CREDITS LEFT', 'UPDATES/CREDIT', 'EXPIRES', 'STATUS'],
        plans.map((p) => [
          p.id,
          p.sku,
          p.name,
          isUnlimited(p) ? '-' : `${p.consumedCredits}/${p.totalCredits}`,
          isUnlimited(p) ? 'unlimited' : creditsLeft(p),
          p.maxUpdatePerCredit,
          isoDate(p.expirationDate),
          isPlanActive(p, nowSeconds) ? 'active' : 'expired',
        ]),
      );
    }
    default:
      throw new UsageError(sub ? `Unknown plan command "${sub}".` : 'Missing plan command.');
  }
}
