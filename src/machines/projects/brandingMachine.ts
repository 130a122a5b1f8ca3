/**
 * The Customization section's logo (SPEC §2, §7): shows the current logo, replaces it with an
 * image, removes it only when it is a custom one.
 *   loading -> ready -> replacing | removing -> loading ;  loading -> failed -> (retry) loading
 * The logo arrives as a blob behind the bearer header, so the loader hands back a data URL
 * (the server bounds a logo's size), which needs no freeing.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';

export interface LoadedBranding {
  isCustomLogo: boolean;
  /** A URL an <img> can show (a data URL of the logo). */
  logoUrl: string | null;
}

interface BrandingContext extends LoadedBranding {
  /** The last replace or remove failed. */
  changeFailed: boolean;
}

export type BrandingEvent =
  | { type: 'branding.replace'; file: Blob }
  | { type: 'branding.remove' }
  | { type: 'branding.retry' }
  /** The logo was changed elsewhere (the user panel while a viewer shows it): read it again. */
  | { type: 'branding.changed' };

export const brandingMachine = setup({
  types: {
    context: {} as BrandingContext,
    events: {} as BrandingEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET branding, then GET branding/logo. */
    loadBranding: fromPromise<LoadedBranding>(async () => {
      throw new Error('loadBranding is not provided');
    }),
    /** PUT branding/logo. */
    replaceLogo: fromPromise<void, { file: Blob }>(async () => {
      throw new Error('replaceLogo is not provided');
    }),
    /** DELETE branding/logo. */
    removeLogo: fromPromise<void>(async () => {
      throw new Error('removeLogo is not provided');
    }),
    /** Sends back `branding.changed` when another screen changed the logo. */
    brandingChanges: fromCallback<BrandingEvent>(() => () => {}),
  },
  guards: {
    isCustomLogo: ({ context }) => context.isCustomLogo,
  },
}).createMachine({
  id: 'branding',
  context: { isCustomLogo: false, logoUrl: null, changeFailed: false },
  invoke: { id: 'brandingChanges', src: 'brandingChanges' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBranding',
        src: 'loadBranding',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ isCustomLogo: event.output.isCustomLogo, logoUrl: event.output.logoUrl })),
        },
        onError: 'failed',
      },
    },
    ready: {
      on: {
        'branding.replace': { target: 'replacing', actions: assign({ changeFailed: false }) },
        'branding.remove': { guard: 'isCustomLogo', target: 'removing', actions: assign({ changeFailed: false }) },
        'branding.changed': 'loading',
      },
    },
    replacing: {
      tags: ['busy'],
      invoke: {
        id: 'replaceLogo',
        src: 'replaceLogo',
        input: ({ event }) => ({ file: event.type === 'branding.replace' ? event.file : new Blob() }),
        onDone: 'loading',
        onError: { target: 'ready', actions: assign({ changeFailed: true }) },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removeLogo',
        src: 'removeLogo',
        onDone: 'loading',
        onError: { target: 'ready', actions: assign({ changeFailed: true }) },
      },
    },
    failed: {
      on: { 'branding.retry': 'loading' },
    },
  },
});
