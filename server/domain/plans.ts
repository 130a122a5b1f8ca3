/** Subscription plan rules: activity and credits left (which plan pays: credits.ts `plansInChargeOrder`). */
import { UNLIMITED_SKU } from '../../src/api/schemas';

export interface PlanFacts {
  sku: string;
  totalCredits: number;
  consumedCredits: number;
  /** Seconds since the epoch. */
  expirationDate: number;
}

export function isUnlimited(plan: Pick<PlanFacts, 'sku'>): boolean {
  return plan.sku === UNLIMITED_SKU;
}

/** A plan is active until its expiration instant (exclusive). */
export function isPlanActive(plan: Pick<PlanFacts, 'expirationDate'>, nowSeconds: number): boolean {
  return plan.expirationDate > nowSeconds;
}

/** Credits a plan can still spend; Infinity for UNLIMITED. */
export function creditsLeft(plan: PlanFacts): number {
  if (isUnlimited(plan)) return Number.POSITIVE_INFINITY;
  return Math.max(0, plan.totalCredits - plan.consumedCredits);
}
