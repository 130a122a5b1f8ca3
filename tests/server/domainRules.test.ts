import { describe, expect, it } from 'vitest';
import { STAGES } from '../../src/api/schemas';
import { plansInChargeOrder } from '../../server/domain/credits';
import { creditsLeft, isPlanActive, type PlanFacts } from '../../server/domain/plans';
import { INITIAL_STAGE, isStage } from '../../server/domain/stages';
import { normalizeUsername, passwordProblem, usernameProblem } from '../../server/domain/usernames';

const NOW = 1_800_000_000;
const plan = (over: Partial<PlanFacts> & { id?: number }): PlanFacts & { id: number } => ({
  id: 1,
  sku: 'PRO',
  totalCredits: 10,
  consumedCredits: 0,
  expirationDate: NOW + 100,
  ...over,
});

describe('plan rules', () => {
  it('counts a plan active until its expiration instant', () => {
    expect(isPlanActive(plan({ expirationDate: NOW + 1 }), NOW)).toBe(true);
    expect(isPlanActive(plan({ expirationDate: NOW }), NOW)).toBe(false);
  });

  it('computes credits left, unlimited for UNLIMITED, never negative', () => {
    expect(creditsLeft(plan({ totalCredits: 10, consumedCredits: 3 }))).toBe(7);
    expect(creditsLeft(plan({ totalCredits: 1, consumedCredits: 4 }))).toBe(0);
    expect(creditsLeft(plan({ sku: 'UNLIMITED', totalCredits: 0 }))).toBe(Number.POSITIVE_INFINITY);
  });

  it('charges an active UNLIMITED plan first, else the active plan with credits that expires soonest', () => {
    const later = plan({ id: 1, expirationDate: NOW + 500 });
    const sooner = plan({ id: 2, expirationDate: NOW + 50 });
    const spent = plan({ id: 3, expirationDate: NOW + 10, consumedCredits: 10 });
    const expired = plan({ id: 4, expirationDate: NOW - 1 });
    const order = (plans: Array<PlanFacts & { id: number }>) => plansInChargeOrder(plans, NOW).map((p) => p.id);
    expect(order([later, sooner, spent, expired])).toEqual([2, 1]);
    const unlimited = plan({ id: 5, sku: 'UNLIMITED', totalCredits: 0, expirationDate: NOW + 900 });
    expect(order([later, sooner, unlimited])).toEqual([5, 2, 1]);
    expect(order([spent, expired])).toEqual([]);
    expect(order([plan({ id: 6, sku: 'UNLIMITED', expirationDate: NOW - 1 })])).toEqual([]);
  });
});

describe('stages', () => {
  it('accepts exactly the six stages of the contract', () => {
    expect(STAGES).toHaveLength(6);
    for (const stage of STAGES) expect(isStage(stage)).toBe(true);
    for (const value of ['NEW', 'done', '', null, 3, undefined]) expect(isStage(value)).toBe(false);
    expect(INITIAL_STAGE).toBe('new');
  });
});

describe('usernames and passwords', () => {
  it('normalises usernames and names the problem with bad ones', () => {
    expect(normalizeUsername('  Jo@Example.COM ')).toBe('jo@example.com');
    expect(usernameProblem('jo@example.com')).toBeUndefined();
    expect(usernameProblem('   ')).toMatch(/empty/);
    expect(usernameProblem('jo doe@example.com')).toMatch(/spaces/);
    expect(usernameProblem('a'.repeat(400))).toMatch(/longer/);
    expect(passwordProblem('1234567')).toMatch(/at least 8/);
    expect(passwordProblem('12345678')).toBeUndefined();
  });
});
