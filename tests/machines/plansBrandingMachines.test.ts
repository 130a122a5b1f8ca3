/**
 * My Subscriptions and the Customization logo: model-based paths of both machines (loading,
 * failing and retrying; replacing and removing the logo, answered or failed).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SubscriptionPlan } from '../../src/api/schemas';
import { brandingMachine, type BrandingEvent, type LoadedBranding } from '../../src/machines/projects/brandingMachine';
import { plansMachine, type PlansEvent } from '../../src/machines/projects/plansMachine';
import { createSut, modelPaths, type Sut } from '../helpers/modelBased';

const plan: SubscriptionPlan = {
  sku: 'PRO',
  name: 'Pro',
  consumedCreditCount: 1,
  totalCreditCount: 5,
  maxUpdatePerCredit: 3,
  expirationDate: new Date(2030, 0, 1),
};

describe('plans machine (model-based)', () => {
  const { cases, reachedByModel, allStates } = modelPaths(plansMachine, {
    events: [
      { type: 'plans.retry' },
      { type: 'xstate.done.actor.loadPlans', output: [plan] },
      { type: 'xstate.error.actor.loadPlans', error: new Error('500') },
    ] as unknown as PlansEvent[],
    sut: () => createSut(plansMachine, { promiseActors: ['loadPlans'] }),
    check: (real, model) => {
      expect(real.value).toEqual(model.value);
      expect(real.context).toEqual(model.context);
      if (real.matches('ready')) expect(real.context.plans).toEqual([plan]);
    },
  });

  it('reaches every state of the machine', () => {
    expect(allStates.filter((s) => !reachedByModel.has(s))).toEqual([]);
  });

  for (const c of cases) it(c.name, async () => void (await c.execute()));
});

describe('branding machine (model-based)', () => {
  const file = new Blob(['png'], { type: 'image/png' });
  const { cases, reachedByModel, allStates } = modelPaths(brandingMachine, {
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
    check: (real, model, sut: Sut, event) => {
      expect(real.value).toEqual(model.value);
      expect(real.context).toEqual(model.context);
      if (event.type === 'branding.replace' && real.matches('replacing')) expect(sut.pending.replaceLogo.at(-1)?.input).toEqual({ file });
      // Remove only when the logo is a custom one.
      if (real.matches('removing')) expect(real.context.isCustomLogo).toBe(true);
      if (event.type === ('xstate.error.actor.replaceLogo' as string) || event.type === ('xstate.error.actor.removeLogo' as string)) {
        expect(real.context.changeFailed).toBe(true);
      }
    },
  });

  it('reaches every state of the machine', () => {
    expect(allStates.filter((s) => !reachedByModel.has(s))).toEqual([]);
  });

  for (const c of cases) it(c.name, async () => void (await c.execute()));

  it('does not remove the default logo', async () => {
    const actor = createActor(
      brandingMachine.provide({ actors: { loadBranding: fromPromise<LoadedBranding>(async () => ({ isCustomLogo: false, logoUrl: 'data:,' })) } }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'branding.remove' });
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
