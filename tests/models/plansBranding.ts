/**
 * My Subscriptions and the Customization logo: the models of both machines, with oracles written
 * from SPEC §2 (the plans load, a failure offers Retry; the logo loads, Replace uploads then
 * reloads, Remove only a custom logo, a failed change keeps the logo and says so).
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import type { SubscriptionPlan } from '../../src/api/schemas';
import { brandingMachine, type BrandingEvent, type LoadedBranding } from '../../src/machines/projects/brandingMachine';
import { plansMachine, type PlansEvent } from '../../src/machines/projects/plansMachine';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { withCallLog, type LoggedSut } from './callLog';
import { defineRun, type MachineModel } from './machineModel';

export const plan: SubscriptionPlan = {
  sku: 'PRO',
  name: 'Pro',
  consumedCreditCount: 1,
  totalCreditCount: 5,
  maxUpdatePerCredit: 3,
  expirationDate: new Date(2030, 0, 1),
};

export interface PlansExpected extends Expected {
  plans: SubscriptionPlan[];
  /** Reads of the plans asked so far. */
  loads: number;
}

/** SPEC §2 My Subscriptions: the list loads; a failure offers Retry, which loads again. */
export const plansOracle: Oracle<PlansEvent, PlansExpected> = {
  initial: () => ({ value: 'loading', effects: ['GET subscriptionPlans/active'], plans: [], loads: 1 }),
  next(e, event) {
    const type = event.type as string;
    const base = { ...e, effects: [] as string[] };
    if (e.value === 'loading' && type === 'xstate.done.actor.loadPlans') return { ...base, value: 'ready', plans: [plan], effects: ['the plans listed'] };
    if (e.value === 'loading' && type === 'xstate.error.actor.loadPlans') return { ...base, value: 'failed', effects: ['failure shown, Retry offered'] };
    if (e.value === 'failed' && type === 'plans.retry') return { ...base, value: 'loading', loads: e.loads + 1, effects: ['GET the plans again'] };
    return base;
  },
  check(real, e, sut) {
    same(real.context.plans, e.plans, 'the plans shown');
    same(sut.pending.loadPlans.length, e.value === 'loading' ? 1 : 0, 'the read in flight');
    same((sut as LoggedSut).calls.loadPlans.length, e.loads, 'reads asked');
  },
};

export const plansModel: MachineModel = {
  name: 'plans',
  machine: plansMachine,
  source: 'src/machines/projects/plansMachine.ts',
  testFile: 'tests/machines/plansBrandingMachines.test.ts',
  runs: [
    {
      label: 'load, fail, retry',
      run: defineRun<PlansEvent>({
        events: [
          { type: 'plans.retry' },
          { type: 'xstate.done.actor.loadPlans', output: [plan] },
          { type: 'xstate.error.actor.loadPlans', error: new Error('500') },
        ] as unknown as PlansEvent[],
        sut: () => withCallLog(createSut(plansMachine, { promiseActors: ['loadPlans'] })),
        oracle: plansOracle as never,
      }),
    },
  ],
};

export interface BrandingExpected extends Expected {
  isCustomLogo: boolean;
  logoUrl: string | null;
  changeFailed: boolean;
  /** The change in flight: the file uploaded, or the removal. */
  change: { replace: Blob } | 'remove' | null;
}

const file = new Blob(['png'], { type: 'image/png' });

/**
 * SPEC §2 Customization: the logo loads; Replace uploads then reloads; Remove only a custom logo,
 * then reloads; a failed change keeps the logo and says so; a failed load offers Retry; a change
 * made on another screen reloads.
 */
export const brandingOracle: Oracle<BrandingEvent, BrandingExpected> = {
  initial: () => ({ value: 'loading', effects: ['GET branding'], isCustomLogo: false, logoUrl: null, changeFailed: false, change: null }),
  next(e, event) {
    const ev = event as { type: string; output?: LoadedBranding; file?: Blob };
    const base = { ...e, effects: [] as string[] };
    if (e.value === 'loading' && ev.type === 'xstate.done.actor.loadBranding') return { ...base, value: 'ready', ...ev.output!, effects: ['the logo shown'] };
    if (e.value === 'loading' && ev.type === 'xstate.error.actor.loadBranding') return { ...base, value: 'failed', effects: ['failure shown, Retry offered'] };
    if (e.value === 'failed' && ev.type === 'branding.retry') return { ...base, value: 'loading', effects: ['GET branding again'] };
    if (e.value === 'ready' && ev.type === 'branding.changed') return { ...base, value: 'loading', effects: ['changed elsewhere: GET branding again'] };
    if (e.value === 'ready' && ev.type === 'branding.replace') return { ...base, value: 'replacing', changeFailed: false, change: { replace: ev.file! }, effects: ['PUT branding/logo'] };
    if (e.value === 'ready' && ev.type === 'branding.remove' && e.isCustomLogo) return { ...base, value: 'removing', changeFailed: false, change: 'remove', effects: ['DELETE branding/logo'] };
    if ((e.value === 'replacing' && ev.type === 'xstate.done.actor.replaceLogo') || (e.value === 'removing' && ev.type === 'xstate.done.actor.removeLogo')) {
      return { ...base, value: 'loading', change: null, effects: ['GET branding again'] };
    }
    if ((e.value === 'replacing' && ev.type === 'xstate.error.actor.replaceLogo') || (e.value === 'removing' && ev.type === 'xstate.error.actor.removeLogo')) {
      return { ...base, value: 'ready', changeFailed: true, change: null, effects: ['the logo kept; the failure said'] };
    }
    return base;
  },
  check(real, e, sut) {
    same(real.context, { isCustomLogo: e.isCustomLogo, logoUrl: e.logoUrl, changeFailed: e.changeFailed }, 'the logo shown and the failure notice');
    same(sut.pending.loadBranding.length, e.value === 'loading' ? 1 : 0, 'the read in flight');
    same(sut.pending.replaceLogo.map((c) => c.input), e.change && e.change !== 'remove' ? [{ file: e.change.replace }] : [], 'the upload in flight');
    same(sut.pending.removeLogo.length, e.change === 'remove' ? 1 : 0, 'the removal in flight');
  },
};

export const brandingModel: MachineModel = {
  name: 'branding',
  machine: brandingMachine,
  source: 'src/machines/projects/brandingMachine.ts',
  testFile: 'tests/machines/plansBrandingMachines.test.ts',
  runs: [
    {
      label: 'load, replace, remove',
      run: defineRun<BrandingEvent>({
        events: (snapshot) =>
          [
            { type: 'branding.replace', file },
            { type: 'branding.remove' },
            { type: 'branding.retry' },
            // The loader answers with the logo the server now has.
            { type: 'xstate.done.actor.loadBranding', output: { isCustomLogo: true, logoUrl: 'data:image/png;base64,Yw==' } },
            { type: 'xstate.done.actor.loadBranding', output: { isCustomLogo: false, logoUrl: 'data:image/png;base64,ZA==' } },
            { type: 'xstate.error.actor.loadBranding', error: new Error('500') },
            { type: 'xstate.done.actor.replaceLogo' },
            { type: 'xstate.error.actor.replaceLogo', error: new Error('415') },
            { type: 'xstate.done.actor.removeLogo' },
            { type: 'xstate.error.actor.removeLogo', error: new Error('500') },
          ].filter((e) => snapshot.matches('loading') || !e.type.includes('loadBranding')) as unknown as BrandingEvent[],
        sut: () => createSut(brandingMachine, { promiseActors: ['loadBranding', 'replaceLogo', 'removeLogo'] }),
        oracle: brandingOracle as never,
      }),
    },
  ],
};
