/** Repository of subscription plans. */
import type { Db } from './database';
import type { PlanRow } from './schema';

export interface Plan {
  id: number;
  userId: number;
  sku: string;
  name: string;
  totalCredits: number;
  consumedCredits: number;
  maxUpdatePerCredit: number;
  /** Seconds. */
  expirationDate: number;
  createdAt: number;
}

function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    userId: row.user_id,
    sku: row.sku,
    name: row.name,
    totalCredits: row.total_credits,
    consumedCredits: row.consumed_credits,
    maxUpdatePerCredit: row.max_update_per_credit,
    expirationDate: row.expiration_date,
    createdAt: row.created_at,
  };
}

interface NewPlan {
  userId: number;
  sku: string;
  name: string;
  totalCredits: number;
  maxUpdatePerCredit: number;
  expirationDate: number;
  nowSeconds: number;
}

export async function addPlan(db: Db, plan: NewPlan): Promise<Plan> {
  const row = await db
    .insertInto('subscription_plans')
    .values({
      user_id: plan.userId,
      sku: plan.sku,
      name: plan.name,
      total_credits: plan.totalCredits,
      consumed_credits: 0,
      max_update_per_credit: plan.maxUpdatePerCredit,
      expiration_date: plan.expirationDate,
      created_at: plan.nowSeconds,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPlan(row);
}

export async function listPlans(db: Db, userId: number): Promise<Plan[]> {
  const rows = await db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('expiration_date')
    .orderBy('id')
    .execute();
  return rows.map(toPlan);
}

/** Plans whose expiration is still ahead. */
export async function listActivePlans(db: Db, userId: number, nowSeconds: number): Promise<Plan[]> {
  const rows = await db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expiration_date', '>', nowSeconds)
    .orderBy('expiration_date')
    .orderBy('id')
    .execute();
  return rows.map(toPlan);
}

/**
 * Spends one credit of a plan, only while it has one left: concurrent spenders cannot overdraw.
 * Returns false when the plan had no credit left. Run it in the transaction that records what the
 * credit paid for.
 */
export async function consumeCredit(db: Db, planId: number): Promise<boolean> {
  const result = await db
    .updateTable('subscription_plans')
    .set((eb) => ({ consumed_credits: eb('consumed_credits', '+', 1) }))
    .where('id', '=', planId)
    .whereRef('consumed_credits', '<', 'total_credits')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
