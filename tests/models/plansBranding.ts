/**
 * My Subscriptions and the Customization logo: the models of both machines, with oracles written
 * from SPEC §2 (the plans load, a failure offers Retry; the logo loads, Replace uploads then
 * reloads, Remove only a custom logo, a failed change keeps the logo and says so).
 */
import { expect } from 'vitest';
import type { SubscriptionPlan } from '../../src/api/schemas';
import { brandingMachine, type BrandingEvent, type LoadedBranding } from '../../src/machines/projects/brandingMachine';
import { plansMachine, type PlansEvent } from '../../src/machines/projects/plansMachine';
import { createSut, type Sut } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

export const plan: SubscriptionPlan = {
  sku: 'PRO',
  name: 'Pro',
  consumedCreditCount: 1,
  totalCreditCount: 5,
  maxUpdatePerCredit: 3,
  expirationDate: new Date(2030, 0, 1),
};

let plansOracle: { state: string; loads: number };

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
        sut: () => {
          plansOracle = { state: 'loading', loads: 1 };
          return createSut(plansMachine, { promiseActors: ['loadPlans'] });
        },
        // The oracle: SPEC §2 My Subscriptions: the list loads; a failure offers Retry, which loads again.
        check: (real, _model, sut: Sut, event) => {
          const o = plansOracle;
          const type = event.type as string;
          if (o.state === 'loading' && type === 'xstate.done.actor.loadPlans') o.state = 'ready';
          else if (o.state === 'loading' && type === 'xstate.error.actor.loadPlans') o.state = 'failed';
          else if (o.state === 'failed' && event.type === 'plans.retry') Object.assign(o, { state: 'loading', loads: o.loads + 1 });
          expect(real.value).toBe(o.state);
          expect(sut.pending.loadPlans).toHaveLength(o.state === 'loading' ? 1 : 0);
          if (o.state === 'ready') expect(real.context.plans).toEqual([plan]);
        },
      }),
    },
  ],
};

let brandingOracle: { state: string } & LoadedBranding & { changeFailed: boolean };
const file = new Blob(['png'], { type: 'image/png' });

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
        sut: () => {
          brandingOracle = { state: 'loading', isCustomLogo: false, logoUrl: null, changeFailed: false };
          return createSut(brandingMachine, { promiseActors: ['loadBranding', 'replaceLogo', 'removeLogo'] });
        },
        // The oracle: SPEC §2 Customization: the logo loads; Replace uploads then reloads; Remove only a
        // custom logo, then reloads; a failed change keeps the logo and says so; a failed load offers Retry.
        check: (real, _model, sut: Sut, event) => {
          const o = brandingOracle;
          const e = event as { type: string; output?: LoadedBranding };
          if (o.state === 'loading' && e.type === 'xstate.done.actor.loadBranding') Object.assign(o, { state: 'ready', ...e.output });
          else if (o.state === 'loading' && e.type === 'xstate.error.actor.loadBranding') o.state = 'failed';
          else if (o.state === 'failed' && e.type === 'branding.retry') o.state = 'loading';
          else if (o.state === 'ready' && e.type === 'branding.changed') o.state = 'loading'; // changed on another screen
          else if (o.state === 'ready' && e.type === 'branding.replace') Object.assign(o, { state: 'replacing', changeFailed: false });
          else if (o.state === 'ready' && e.type === 'branding.remove' && o.isCustomLogo) Object.assign(o, { state: 'removing', changeFailed: false });
          else if ((o.state === 'replacing' && e.type === 'xstate.done.actor.replaceLogo') || (o.state === 'removing' && e.type === 'xstate.done.actor.removeLogo')) o.state = 'loading';
          else if ((o.state === 'replacing' && e.type === 'xstate.error.actor.replaceLogo') || (o.state === 'removing' && e.type === 'xstate.error.actor.removeLogo')) {
            Object.assign(o, { state: 'ready', changeFailed: true });
          }
          expect(real.value).toBe(o.state);
          expect(real.context).toEqual({ isCustomLogo: o.isCustomLogo, logoUrl: o.logoUrl, changeFailed: o.changeFailed });
          expect(sut.pending.loadBranding).toHaveLength(o.state === 'loading' ? 1 : 0);
          expect(sut.pending.removeLogo).toHaveLength(o.state === 'removing' ? 1 : 0);
          expect(sut.pending.replaceLogo).toHaveLength(o.state === 'replacing' ? 1 : 0);
          if (event.type === 'branding.replace' && real.matches('replacing')) expect(sut.pending.replaceLogo.at(-1)?.input).toEqual({ file });
          // Remove only when the logo is a custom one.
          if (real.matches('removing')) expect(real.context.isCustomLogo).toBe(true);
          if (event.type === ('xstate.error.actor.replaceLogo' as string) || event.type === ('xstate.error.actor.removeLogo' as string)) {
            expect(real.context.changeFailed).toBe(true);
          }
        },
      }),
    },
  ],
};
