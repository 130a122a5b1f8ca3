/**
 * Settings machine: model-based paths (every state, each change logged in and out, the PATCH
 * answered or failed) replayed on the real machine with a fake PATCH and a storage spy; plus
 * the rules for the initial language and unit.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Settings } from '../../src/api/schemas';
import { browserLanguage, initialSettings } from '../../src/machines/settings/initialSettings';
import { settingsMachine, type SettingsEvent, type SettingsInput } from '../../src/machines/settings/settingsMachine';
import { createSut, modelPaths, type Sut } from '../helpers/modelBased';

const events = [
  { type: 'settings.languageChanged', language: 'fr' },
  { type: 'settings.languageChanged', language: 'en' },
  { type: 'settings.unitChanged', unit: 'in' },
  { type: 'settings.sessionStarted', settings: { preferredDisplayLanguage: 'fr', preferredDistanceUnit: 'in' } },
  { type: 'settings.sessionStarted', settings: {} },
  { type: 'settings.sessionEnded' },
  { type: 'xstate.done.actor.patchSettings' },
  { type: 'xstate.error.actor.patchSettings', error: new Error('offline') },
] as unknown as SettingsEvent[];

type Persisted = { language: string; unit: string };

for (const input of [
  { language: 'en', unit: 'mm', isLoggedIn: false },
  { language: 'fr', unit: 'mm', isLoggedIn: true },
] satisfies SettingsInput[]) {
  describe(`settings machine (model-based, ${input.isLoggedIn ? 'logged in' : 'logged out'} at start)`, () => {
    const { cases, reachedByModel, allStates } = modelPaths(settingsMachine, {
      events,
      input,
      sut: () => {
        const persisted: Persisted[] = [];
        const sut = createSut(settingsMachine, {
          promiseActors: ['patchSettings'],
          input,
          provide: { actions: { persistSettings: (_: unknown, p: Persisted) => void persisted.push(p) } },
        });
        return Object.assign(sut, { persisted });
      },
      check: (real, model, sut, event) => {
        const { persisted, pending } = sut as Sut & { persisted: Persisted[] };
        expect(real.value).toEqual(model.value);
        expect(real.context).toEqual(model.context);
        const { language, unit } = real.context;
        if (event.type.startsWith('settings.') && event.type !== 'settings.sessionEnded' && persisted.length > 0) {
          expect(persisted.at(-1)).toEqual({ language, unit });
        }
        if (real.matches('saving') && /Changed$/.test(event.type)) {
          // a change starts a PATCH only when logged in, with just what changed
          expect(real.context.isLoggedIn).toBe(true);
          expect(pending.patchSettings.at(-1)?.input).toEqual(real.context.pendingPatch);
        }
      },
    });

    for (const c of cases) it(c.name, async () => void (await c.execute()));

    it('reaches every state', () => {
      expect(allStates.filter((s) => !reachedByModel.has(s))).toEqual([]);
    });
  });
}

describe('settings machine rules', () => {
  function start(input: SettingsInput) {
    const patches: Settings[] = [];
    const persisted: Persisted[] = [];
    const actor = createActor(
      settingsMachine.provide({
        actors: { patchSettings: fromPromise<void, Settings>(async ({ input }) => void patches.push(input)) },
        actions: { persistSettings: (_, p) => void persisted.push(p) },
      }),
      { input },
    ).start();
    return { actor, patches, persisted };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('sends only the changed setting, and only when logged in', async () => {
    const out = start({ language: 'en', unit: 'mm' });
    out.actor.send({ type: 'settings.languageChanged', language: 'fr' });
    await settle();
    expect(out.patches).toEqual([]);
    expect(out.persisted).toEqual([{ language: 'fr', unit: 'mm' }]);

    out.actor.send({ type: 'settings.sessionStarted', settings: {} });
    out.actor.send({ type: 'settings.unitChanged', unit: 'in' });
    await settle();
    expect(out.patches).toEqual([{ preferredDistanceUnit: 'in' }]);
    expect(out.actor.getSnapshot().context).toMatchObject({ language: 'fr', unit: 'in' });
  });

  it('ignores a choice equal to the current one', async () => {
    const out = start({ language: 'en', unit: 'mm', isLoggedIn: true });
    out.actor.send({ type: 'settings.languageChanged', language: 'en' });
    await settle();
    expect(out.patches).toEqual([]);
    expect(out.persisted).toEqual([]);
  });

  it("adopts the server's preferences on login and keeps local ones it lacks", () => {
    const out = start({ language: 'fr', unit: 'in' });
    out.actor.send({ type: 'settings.sessionStarted', settings: { preferredDisplayLanguage: 'en' } });
    expect(out.actor.getSnapshot().context).toMatchObject({ language: 'en', unit: 'in', isLoggedIn: true });
    expect(out.persisted.at(-1)).toEqual({ language: 'en', unit: 'in' });
  });
});

describe('initial settings', () => {
  it('prefers the stored choice, then the browser, then English and millimeters', () => {
    expect(initialSettings({ language: 'fr', unit: 'in' }, ['en-US'])).toEqual({ language: 'fr', unit: 'in' });
    expect(initialSettings(null, ['de-DE', 'fr-CA', 'en'])).toEqual({ language: 'fr', unit: 'mm' });
    expect(initialSettings({ unit: 'in' }, ['en-GB'])).toEqual({ language: 'en', unit: 'in' });
    expect(initialSettings(null, ['de', 'es'])).toEqual({ language: 'en', unit: 'mm' });
    expect(initialSettings(null, [])).toEqual({ language: 'en', unit: 'mm' });
  });

  it('reads primary language subtags case-insensitively', () => {
    expect(browserLanguage(['FR_be'])).toBe('fr');
    expect(browserLanguage(['english'])).toBeNull();
  });
});
