/**
 * Display language, distance unit and the fraction of an inch workshop measures round to (SPEC
 * §3, §7; issue 35: 16, 32 or 64, none chosen follows 1/16): kept locally, and sent to the server with
 * PATCH settings when the user changes one while logged in. A failed PATCH keeps the local
 * choice. The session machine tells it when a session starts (with the server's settings)
 * and ends.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { DistanceUnit, InchFraction, Language, Settings } from '../../api/schemas';

export interface SettingsInput {
  language: Language;
  unit: DistanceUnit;
  inchFraction?: InchFraction | null;
  isLoggedIn?: boolean;
}

interface SettingsContext {
  language: Language;
  unit: DistanceUnit;
  /** The fraction of an inch chosen; null: none yet (1/16). */
  inchFraction: InchFraction | null;
  isLoggedIn: boolean;
  /** What the next PATCH settings sends. */
  pendingPatch: Settings;
}

export type SettingsEvent =
  | { type: 'settings.languageChanged'; language: Language }
  | { type: 'settings.unitChanged'; unit: DistanceUnit }
  | { type: 'settings.inchFractionChanged'; fraction: InchFraction }
  | { type: 'settings.sessionStarted'; settings: Settings }
  | { type: 'settings.sessionEnded' };

/** What is kept in browser storage. */
type PersistedSettings = { language: Language; unit: DistanceUnit; inchFraction?: InchFraction };

const persist = {
  type: 'persistSettings',
  params: ({ context }: { context: SettingsContext }): PersistedSettings => ({
    language: context.language,
    unit: context.unit,
    ...(context.inchFraction === null ? {} : { inchFraction: context.inchFraction }),
  }),
} as const;

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
  },
  actors: {
    /** PATCH settings; the composition root provides the real call. */
    patchSettings: fromPromise<void, Settings>(async () => {}),
  },
  actions: {
    /** Keeps language and unit in browser storage; provided by the composition root. */
    persistSettings: (_, _params: PersistedSettings) => {},
    changeLanguage: assign(({ event }) =>
      event.type === 'settings.languageChanged'
        ? { language: event.language, pendingPatch: { preferredDisplayLanguage: event.language } }
        : {},
    ),
    changeUnit: assign(({ event }) =>
      event.type === 'settings.unitChanged'
        ? { unit: event.unit, pendingPatch: { preferredDistanceUnit: event.unit } }
        : {},
    ),
    changeInchFraction: assign(({ event }) =>
      event.type === 'settings.inchFractionChanged' ? { inchFraction: event.fraction, pendingPatch: { preferredInchFraction: event.fraction } } : {},
    ),
    adoptServerSettings: assign(({ context, event }) => {
      if (event.type !== 'settings.sessionStarted') return {};
      return {
        isLoggedIn: true,
        language: event.settings.preferredDisplayLanguage ?? context.language,
        unit: event.settings.preferredDistanceUnit ?? context.unit,
        inchFraction: event.settings.preferredInchFraction ?? context.inchFraction,
      };
    }),
    forgetSession: assign({ isLoggedIn: false }),
  },
  guards: {
    isNewLanguage: ({ context, event }) => event.type === 'settings.languageChanged' && event.language !== context.language,
    isNewUnit: ({ context, event }) => event.type === 'settings.unitChanged' && event.unit !== context.unit,
    isNewInchFraction: ({ context, event }) => event.type === 'settings.inchFractionChanged' && event.fraction !== context.inchFraction,
    isLoggedIn: ({ context }) => context.isLoggedIn,
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({
    language: input.language,
    unit: input.unit,
    inchFraction: input.inchFraction ?? null,
    isLoggedIn: input.isLoggedIn ?? false,
    pendingPatch: {},
  }),
  initial: 'idle',
  on: {
    'settings.languageChanged': [
      { guard: and(['isNewLanguage', 'isLoggedIn']), actions: ['changeLanguage', persist], target: '.saving' },
      { guard: 'isNewLanguage', actions: ['changeLanguage', persist] },
    ],
    'settings.unitChanged': [
      { guard: and(['isNewUnit', 'isLoggedIn']), actions: ['changeUnit', persist], target: '.saving' },
      { guard: 'isNewUnit', actions: ['changeUnit', persist] },
    ],
    'settings.inchFractionChanged': [
      { guard: and(['isNewInchFraction', 'isLoggedIn']), actions: ['changeInchFraction', persist], target: '.saving' },
      { guard: 'isNewInchFraction', actions: ['changeInchFraction', persist] },
    ],
    'settings.sessionStarted': { actions: ['adoptServerSettings', persist] },
    'settings.sessionEnded': { actions: 'forgetSession' },
  },
  states: {
    idle: {},
    /** Sending the latest change; a newer change restarts it. */
    saving: {
      invoke: {
        id: 'patchSettings',
        src: 'patchSettings',
        input: ({ context }) => context.pendingPatch,
        onDone: 'idle',
        onError: 'idle',
      },
    },
  },
});
