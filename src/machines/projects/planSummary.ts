/**
 * One line of the My Subscriptions dialog (SPEC §3, §9): an UNLIMITED plan shows only its name;
 * another shows the days left, rounded up to whole days of 86,400,000 ms, and the projects
 * left (total minus consumed) over the total.
 */
import { UNLIMITED_SKU, type SubscriptionPlan } from '../../api/schemas';

const DAY_MS = 86_400_000;

export type PlanSummary =
  | { kind: 'unlimited'; name: string }
  | { kind: 'credits'; name: string; daysLeft: number; projectsLeft: number; totalProjects: number; expirationDate: Date };

function daysLeft(expirationDate: Date, now: number): number {
  return Math.max(0, Math.ceil((expirationDate.getTime() - now) / DAY_MS));
}

export function planSummary(plan: SubscriptionPlan, now: number): PlanSummary {
  if (plan.sku === UNLIMITED_SKU) return { kind: 'unlimited', name: plan.name };
  return {
    kind: 'credits',
    name: plan.name,
    daysLeft: daysLeft(plan.expirationDate, now),
    projectsLeft: Math.max(0, plan.totalCreditCount - plan.consumedCreditCount),
    totalProjects: plan.totalCreditCount,
    expirationDate: plan.expirationDate,
  };
}
