/** Subscription plan rules: activity, credits left, which plan pays for a new project. */
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

export function hasActivePlan(plans: readonly Pick<PlanFacts, 'expirationDate'>[], nowSeconds: number): boolean {
  return plans.some((plan) => isPlanActive(plan, nowSeconds));
}

/** Credits a plan can still spend; Infinity for UNLIMITED. */
export function creditsLeft(plan: PlanFacts): number {
  if (isUnlimited(plan)) return Number.POSITIVE_INFINITY;
  return Math.max(0, plan.totalCredits - plan.consumedCredits);
}

/**
 * The plan that pays for one credit: an active UNLIMITED plan first (it spends nothing), else the
 * active plan with credits left that expires soonest, so credits about to lapse are used first.
 */
export function planToCharge<P extends PlanFacts>(plans: readonly P[], nowSeconds: number): P | undefined {
  const usable = plans.filter((plan) => isPlanActive(plan, nowSeconds) && creditsLeft(plan) > 0);
  const unlimited = usable.find(isUnlimited);
  if (unlimited) return unlimited;
  return [...usable].sort((a, b) => a.expirationDate - b.expirationDate)[0];
}
