/**
 * Settings machine: model-based paths (every state, each change logged in and out, the PATCH
 * answered or failed) replayed on the real machine with a fake PATCH and a storage spy, checked
 * by the oracle of tests/models/settings.ts; plus
 * the rules for the initial language and unit.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Settings } from '../../src/api/schemas';
import { browserLanguage, initialSettings } from '../../src/machines/settings/initialSettings';
import { settingsMachine, type SettingsInput } from '../../src/machines/settings/settingsMachine';
import { modelTests } from '../helpers/modelTests';
import { settingsModel } from '../models/settings';

type Persisted = { language: string; unit: string };

modelTests(settingsModel);

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
    expect(initialSettings({ language: 'fr', unit: 'in' }, ['en-US'])).toEqual({ language: 'fr', unit: 'in', inchFraction: null });
    expect(initialSettings(null, ['de-DE', 'fr-CA', 'en'])).toEqual({ language: 'fr', unit: 'mm', inchFraction: null });
    expect(initialSettings({ unit: 'in' }, ['en-GB'])).toEqual({ language: 'en', unit: 'in', inchFraction: null });
    expect(initialSettings(null, ['de', 'es'])).toEqual({ language: 'en', unit: 'mm', inchFraction: null });
    expect(initialSettings(null, [])).toEqual({ language: 'en', unit: 'mm', inchFraction: null });
    // The fraction of an inch chosen is kept too; none stored: none chosen (1/16).
    expect(initialSettings({ unit: 'in', inchFraction: 64 }, [])).toEqual({ language: 'en', unit: 'in', inchFraction: 64 });
  });

  it('reads primary language subtags case-insensitively', () => {
    expect(browserLanguage(['FR_be'])).toBe('fr');
    expect(browserLanguage(['english'])).toBeNull();
  });
});
