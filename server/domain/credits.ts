/**
 * Credit rules of uploads (DESIGN "Credits"), as pure functions:
 * - creating a project spends one credit of an active plan (UNLIMITED spends none) and grants the
 *   paying plan's `maxUpdatePerCredit` free model updates;
 * - each update counts one (`consumedUpdateCount`); while it stays within `maxUpdateCount` it is free;
 * - an update past the allowance costs a credit (after the owner confirms it) and extends the
 *   allowance by the paying plan's `maxUpdatePerCredit`, the paid update counting against it.
 */
import { creditsLeft, isPlanActive, isUnlimited, type PlanFacts } from './plans';

export interface UpdateAllowance {
  consumedUpdateCount: number;
  maxUpdateCount: number;
}

export interface PayingPlanFacts extends PlanFacts {
  maxUpdatePerCredit: number;
}

/**
 * The plans that may pay for one credit, in the order to try them: active UNLIMITED plans first
 * (they spend nothing), then active plans with credits left, the soonest to expire first (credits
 * about to lapse go first). The first pays; the others are fallbacks when a concurrent spender took
 * the first one's last credit.
 */
export function plansInChargeOrder<P extends PlanFacts>(plans: readonly P[], nowSeconds: number): P[] {
  const usable = plans.filter((plan) => isPlanActive(plan, nowSeconds) && creditsLeft(plan) > 0);
  const rank = (plan: P) => (isUnlimited(plan) ? 0 : 1);
  return [...usable].sort((a, b) => rank(a) - rank(b) || a.expirationDate - b.expirationDate);
}

/** The allowance of a new project paid by `plan` (or granted for free with the same size). */
export function allowanceOfNewProject(plan: Pick<PayingPlanFacts, 'maxUpdatePerCredit'>): UpdateAllowance {
  return { consumedUpdateCount: 0, maxUpdateCount: Math.max(0, plan.maxUpdatePerCredit) };
}

export function isUpdateFree(allowance: UpdateAllowance): boolean {
  return allowance.consumedUpdateCount < allowance.maxUpdateCount;
}

/** The allowance after one free update. */
export function afterFreeUpdate(allowance: UpdateAllowance): UpdateAllowance {
  return { consumedUpdateCount: allowance.consumedUpdateCount + 1, maxUpdateCount: allowance.maxUpdateCount };
}

/** The allowance after one update paid by `plan`: extended by its `maxUpdatePerCredit`. */
export function afterPaidUpdate(allowance: UpdateAllowance, plan: Pick<PayingPlanFacts, 'maxUpdatePerCredit'>): UpdateAllowance {
  return {
    consumedUpdateCount: allowance.consumedUpdateCount + 1,
    maxUpdateCount: allowance.maxUpdateCount + Math.max(0, plan.maxUpdatePerCredit),
  };
}

/**
 * What an update costs before it starts:
 * - `free`: within the allowance;
 * - `unlimited`: past it, but an active UNLIMITED plan pays (no credit, no question asked);
 * - `credit`: past it, one credit of `plan` once the owner confirms;
 * - `noCredit`: past it and nothing can pay (insufficient_credits).
 */
type UpdateCost<P> = { kind: 'free' } | { kind: 'unlimited'; plan: P } | { kind: 'credit'; plan: P } | { kind: 'noCredit' };

export function updateCost<P extends PayingPlanFacts>(allowance: UpdateAllowance, plans: readonly P[], nowSeconds: number): UpdateCost<P> {
  if (isUpdateFree(allowance)) return { kind: 'free' };
  const plan = plansInChargeOrder(plans, nowSeconds)[0];
  if (!plan) return { kind: 'noCredit' };
  return isUnlimited(plan) ? { kind: 'unlimited', plan } : { kind: 'credit', plan };
}
