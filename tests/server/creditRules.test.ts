import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterFreeUpdate,
  afterPaidUpdate,
  allowanceOfNewProject,
  isUpdateFree,
  plansInChargeOrder,
  updateCost,
  type PayingPlanFacts,
} from '../../server/domain/credits';

const NOW = 1_800_000_000;
const plan = (sku: string, total: number, consumed: number, expiresIn: number, perCredit = 3): PayingPlanFacts => ({
  sku,
  totalCredits: total,
  consumedCredits: consumed,
  expirationDate: NOW + expiresIn,
  maxUpdatePerCredit: perCredit,
});

describe('credit rules', () => {
  it('charge order: UNLIMITED first, then the soonest to expire with credits left; expired and empty plans never', () => {
    const soon = plan('A', 5, 1, 100);
    const later = plan('B', 5, 0, 1000);
    const empty = plan('C', 2, 2, 10);
    const expired = plan('D', 5, 0, 0);
    const unlimited = plan('UNLIMITED', 0, 0, 5000);
    expect(plansInChargeOrder([later, empty, soon, expired], NOW)).toEqual([soon, later]);
    expect(plansInChargeOrder([later, soon, unlimited], NOW)).toEqual([unlimited, soon, later]);
    expect(plansInChargeOrder([empty, expired], NOW)).toEqual([]);
  });

  it('what an update costs', () => {
    const pro = plan('PRO', 5, 0, 100);
    expect(updateCost({ consumedUpdateCount: 2, maxUpdateCount: 3 }, [], NOW)).toEqual({ kind: 'free' });
    expect(updateCost({ consumedUpdateCount: 3, maxUpdateCount: 3 }, [pro], NOW)).toEqual({ kind: 'credit', plan: pro });
    expect(updateCost({ consumedUpdateCount: 3, maxUpdateCount: 3 }, [plan('PRO', 5, 5, 100)], NOW)).toEqual({ kind: 'noCredit' });
    const unlimited = plan('UNLIMITED', 0, 0, 100, 0);
    expect(updateCost({ consumedUpdateCount: 3, maxUpdateCount: 3 }, [pro, unlimited], NOW)).toEqual({ kind: 'unlimited', plan: unlimited });
  });

  it('a credit buys maxUpdatePerCredit updates, the paid one included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 60 }), (perCredit, updates) => {
        let allowance = allowanceOfNewProject({ maxUpdatePerCredit: perCredit });
        let credits = 1; // the create
        for (let i = 0; i < updates; i++) {
          if (isUpdateFree(allowance)) allowance = afterFreeUpdate(allowance);
          else {
            credits += 1;
            allowance = afterPaidUpdate(allowance, { maxUpdatePerCredit: perCredit });
          }
        }
        expect(allowance.consumedUpdateCount).toBe(updates);
        expect(credits).toBe(1 + Math.max(0, Math.ceil((updates - perCredit) / perCredit)));
        expect(allowance.consumedUpdateCount).toBeLessThanOrEqual(allowance.maxUpdateCount);
      }),
    );
  });
});
