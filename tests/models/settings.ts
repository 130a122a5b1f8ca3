/**
 * Display language and distance unit (SPEC §3, §7, §9): kept locally (language and unit stored
 * on every change) and, while logged in, sent with PATCH settings holding just what changed; a
 * newer change replaces a save in flight. Choosing the current value does nothing. A failed PATCH
 * keeps the local choice. At login the server's preferences win, local ones fill what it lacks.
 * The fraction of an inch (issue 35: 16, 32 or 64 with the account; none chosen means 1/16) is a
 * third preference under the same rules, stored locally once chosen.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import type { Settings } from '../../src/api/schemas';
import { settingsMachine, type SettingsEvent, type SettingsInput } from '../../src/machines/settings/settingsMachine';
import { createSut, type Expected, type Oracle, type Sut } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

type Persisted = { language: string; unit: string; inchFraction?: number };
type SettingsSut = Sut & { persisted: Persisted[] };

export interface SettingsExpected extends Expected {
  language: string;
  unit: string;
  inchFraction: number | null;
  loggedIn: boolean;
  persisted: Persisted[];
  call: Settings | null;
}

function settingsOracle(input: SettingsInput): Oracle<SettingsEvent, SettingsExpected> {
  return {
    initial: () => ({ value: 'idle', effects: [], language: input.language, unit: input.unit, inchFraction: input.inchFraction ?? null, loggedIn: input.isLoggedIn ?? false, persisted: [], call: null }),
    next(e, event) {
      const type = event.type as string;
      const base = { ...e, effects: [] as string[] };
      const stored = (language: string, unit: string, inchFraction: number | null): Persisted => (inchFraction === null ? { language, unit } : { language, unit, inchFraction });
      const choose = (language: string, unit: string, patch: Settings, inchFraction = e.inchFraction) => {
        const next = { ...base, language, unit, inchFraction, persisted: [...e.persisted, stored(language, unit, inchFraction)], effects: [`stored ${language}/${unit}/${inchFraction}`] };
        if (!e.loggedIn) return next;
        return { ...next, value: 'saving', call: patch, effects: [...next.effects, `PATCH settings ${JSON.stringify(patch)}`] };
      };
      if (event.type === 'settings.languageChanged') {
        if (event.language === e.language) return base;
        return choose(event.language, e.unit, { preferredDisplayLanguage: event.language });
      }
      if (event.type === 'settings.unitChanged') {
        if (event.unit === e.unit) return base;
        return choose(e.language, event.unit, { preferredDistanceUnit: event.unit });
      }
      if (event.type === 'settings.inchFractionChanged') {
        if (event.fraction === e.inchFraction) return base;
        return choose(e.language, e.unit, { preferredInchFraction: event.fraction }, event.fraction);
      }
      if (event.type === 'settings.sessionStarted') {
        const language = event.settings.preferredDisplayLanguage ?? e.language;
        const unit = event.settings.preferredDistanceUnit ?? e.unit;
        const inchFraction = event.settings.preferredInchFraction ?? e.inchFraction;
        return { ...base, loggedIn: true, language, unit, inchFraction, persisted: [...e.persisted, stored(language, unit, inchFraction)], effects: [`stored ${language}/${unit}/${inchFraction}`] };
      }
      if (event.type === 'settings.sessionEnded') return { ...base, loggedIn: false };
      if (e.value === 'saving' && (type === 'xstate.done.actor.patchSettings' || type === 'xstate.error.actor.patchSettings')) {
        return { ...base, value: 'idle', call: null };
      }
      return base;
    },
    check(real, e, sut) {
      same(
        { language: real.context.language, unit: real.context.unit, inchFraction: real.context.inchFraction },
        { language: e.language, unit: e.unit, inchFraction: e.inchFraction },
        'the settings in use',
      );
      same(real.context.isLoggedIn, e.loggedIn, 'logged in');
      same((sut as SettingsSut).persisted, e.persisted, 'what was stored locally');
      same(sut.pending.patchSettings.map((c) => c.input), e.call ? [e.call] : [], 'the PATCH in flight');
    },
  };
}

const events = [
  { type: 'settings.languageChanged', language: 'fr' },
  { type: 'settings.languageChanged', language: 'en' },
  { type: 'settings.unitChanged', unit: 'in' },
  { type: 'settings.inchFractionChanged', fraction: 32 },
  { type: 'settings.inchFractionChanged', fraction: 16 },
  { type: 'settings.sessionStarted', settings: { preferredDisplayLanguage: 'fr', preferredDistanceUnit: 'in' } },
  { type: 'settings.sessionStarted', settings: { preferredInchFraction: 64 } },
  { type: 'settings.sessionStarted', settings: {} },
  { type: 'settings.sessionEnded' },
  { type: 'xstate.done.actor.patchSettings' },
  { type: 'xstate.error.actor.patchSettings', error: new Error('offline') },
] as unknown as SettingsEvent[];

const inputs: SettingsInput[] = [
  { language: 'en', unit: 'mm', isLoggedIn: false },
  { language: 'fr', unit: 'mm', isLoggedIn: true },
  { language: 'en', unit: 'in', inchFraction: 32, isLoggedIn: true },
];

export const settingsModel: MachineModel = {
  name: 'settings',
  machine: settingsMachine,
  source: 'src/machines/settings/settingsMachine.ts',
  testFile: 'tests/machines/settingsMachine.test.ts',
  runs: inputs.map((input) => ({
    label: `${input.isLoggedIn ? 'logged in at start' : 'logged out at start'}${input.inchFraction ? `, 1/${input.inchFraction} in stored` : ''}`,
    run: defineRun<SettingsEvent>({
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
      oracle: settingsOracle(input) as never,
    }),
  })),
};
