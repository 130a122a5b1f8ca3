/**
 * My Subscriptions and the Customization logo: model-based paths of both machines (loading,
 * failing and retrying; replacing and removing the logo, answered or failed).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { brandingMachine, type LoadedBranding } from '../../src/machines/projects/brandingMachine';
import { createServices } from '../helpers/appHarness';
import { createSut } from '../helpers/modelBased';
import { modelTests } from '../helpers/modelTests';
import { brandingModel, plansModel } from '../models/plansBranding';

modelTests(plansModel);

modelTests(brandingModel);

describe('branding machine (examples)', () => {
  it('does not remove the default logo', async () => {
    const actor = createActor(
      brandingMachine.provide({ actors: { loadBranding: fromPromise<LoadedBranding>(async () => ({ isCustomLogo: false, logoUrl: 'data:,' })) } }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'branding.remove' });
    expect(actor.getSnapshot().value).toBe('ready');
  });
});

describe('branding across screens', () => {
  it('a logo replaced in the user panel reaches a viewer already showing the old one', async () => {
    const { services, projectsApi } = createServices();
    const panel = createActor(services.projects.machines.branding).start();
    const viewer = createActor(services.projects.machines.branding).start();
    await waitFor(viewer, (s) => s.matches('ready'));
    expect(viewer.getSnapshot().context.isCustomLogo).toBe(false);
    await waitFor(panel, (s) => s.matches('ready'));
    panel.send({ type: 'branding.replace', file: new Blob(['png'], { type: 'image/png' }) });
    await waitFor(viewer, (s) => s.matches('ready') && s.context.isCustomLogo);
    expect(projectsApi.branding.isCustomLogo).toBe(true);
    expect(viewer.getSnapshot().context.logoUrl).toMatch(/^data:image\/png;base64,/);
    panel.stop();
    viewer.stop();
  });
});
