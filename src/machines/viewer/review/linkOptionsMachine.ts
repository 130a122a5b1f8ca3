/**
 * The client's options on a shared link (share option `isOptionsAvailable`): the groups the owner
 * offers, one choice per group, the model recoloured at once and the estimate of the choice.
 *   loading -> ready.{pricing -> priced | priceFailed (retry)} | failed (retry); `off` on a link
 *   that offers no options.
 * A choice (`options.choose`) re-enters `ready`: the bound parts take the chosen colours and
 * textures (an engine command, no reload; a texture is its one download), the estimate of the new selection is read (an older answer is dropped), and
 * the selection is kept (`keepSelection`: the page's URL, and the approval it goes with).
 * `options.reset` goes back to the model's own choices. The selection the link was opened with
 * (`?options=`) is kept only where it names choices the link offers.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { LinkQuote } from '../../../api/quoteSchemas';
import type { Estimate } from '../../../model/cutting/estimate';
import { chosenIn, normalSelection, type QuoteSelection } from '../../../model/quote/quoteOptions';
import { finishKey } from '../../../model/quote/quoteTexture';
import type { EngineSlot } from '../load/enginePort';

interface LinkOptionsInput {
  accessKey: string;
  /** Whether the link offers options at all (`isOptionsAvailable`): otherwise the machine stays `off`. */
  offered: boolean;
  /** The selection the page was opened with. */
  selection: QuoteSelection;
  /** The viewer's engine; none in tests of the machine alone. */
  slot?: EngineSlot;
}

interface LinkOptionsContext extends LinkOptionsInput {
  quote: LinkQuote | null;
  selection: Record<string, string>;
  estimate: Estimate | null;
}

export type LinkOptionsEvent =
  | { type: 'options.choose'; group: string; choice: string }
  | { type: 'options.reset' }
  | { type: 'options.retry' };

/** Finish (`#rrggbb`, with `url(...)` for a texture) -> the nodes drawn in it: every group whose choice is not the model's own. */
export function coloursOf(quote: LinkQuote | null, selection: QuoteSelection): Record<string, string[]> {
  const colours: Record<string, string[]> = {};
  for (const group of quote?.options.groups ?? []) {
    const choice = chosenIn(group, selection);
    if (choice === group.choices[0]) continue;
    const key = finishKey(choice.colour, (choice.texture && quote?.textures[choice.texture]) || null);
    colours[key] = [...(colours[key] ?? []), ...(quote?.nodes[group.id] ?? [])];
  }
  return colours;
}

/** Draws the chosen finishes while it runs; stopping gives the parts their own colours back. */
export function createRecolourActor() {
  return fromCallback<{ type: string }, { slot?: EngineSlot; colours: Record<string, string[]> }>(({ input }) => {
    let stopped = false;
    if (Object.keys(input.colours).length > 0) {
      input.slot?.ready().then(
        (engine) => {
          if (!stopped) engine.setPartColours(input.colours);
        },
        () => {},
      );
    }
    return () => {
      stopped = true;
      input.slot?.get()?.setPartColours({});
    };
  });
}

export const linkOptionsMachine = setup({
  types: {
    context: {} as LinkOptionsContext,
    input: {} as LinkOptionsInput,
    events: {} as LinkOptionsEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET projects/accessKeys/{key}/options. */
    loadOptions: fromPromise<LinkQuote, { accessKey: string }>(async () => {
      throw new Error('loadOptions is provided by the app');
    }),
    /** GET .../estimate?options=... */
    loadEstimate: fromPromise<Estimate, { accessKey: string; selection: QuoteSelection }>(async () => {
      throw new Error('loadEstimate is provided by the app');
    }),
    recolour: createRecolourActor(),
  },
  actions: {
    /** Where the selection is kept (the page's URL, the approval); provided by the app. */
    keepSelection: (_, _params: { selection: QuoteSelection }) => {},
  },
  guards: {
    /** A choice the link offers, other than the one already made. */
    canChoose: ({ context, event }) => {
      if (event.type !== 'options.choose') return false;
      const group = context.quote?.options.groups.find((g) => g.id === event.group);
      return !!group && group.choices.some((c) => c.id === event.choice) && chosenIn(group, context.selection).id !== event.choice;
    },
    hasChoices: ({ context }) => Object.keys(context.selection).length > 0,
  },
}).createMachine({
  id: 'linkOptions',
  context: ({ input }) => ({ ...input, selection: { ...input.selection }, quote: null, estimate: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: ({ context }) => context.offered, target: 'loading' }, { target: 'off' }] },
    off: {},
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadOptions',
        input: ({ context }) => ({ accessKey: context.accessKey }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ quote: ({ event }) => event.output, selection: ({ context, event }) => normalSelection(event.output.options, context.selection) }),
            { type: 'keepSelection', params: ({ context }) => ({ selection: context.selection }) },
          ],
        },
        onError: 'failed',
      },
    },
    failed: { on: { 'options.retry': 'loading' } },
    ready: {
      invoke: { src: 'recolour', input: ({ context }) => ({ slot: context.slot, colours: coloursOf(context.quote, context.selection) }) },
      initial: 'pricing',
      on: {
        'options.choose': {
          guard: 'canChoose',
          target: '.pricing',
          reenter: true,
          actions: [
            assign({ selection: ({ context, event }) => normalSelection(context.quote!.options, { ...context.selection, [event.group]: event.choice }) }),
            { type: 'keepSelection', params: ({ context }) => ({ selection: context.selection }) },
          ],
        },
        'options.reset': {
          guard: 'hasChoices',
          target: '.pricing',
          reenter: true,
          actions: [assign({ selection: {} }), { type: 'keepSelection', params: () => ({ selection: {} }) }],
        },
      },
      states: {
        pricing: {
          tags: ['busy'],
          invoke: {
            src: 'loadEstimate',
            input: ({ context }) => ({ accessKey: context.accessKey, selection: context.selection }),
            onDone: { target: 'priced', actions: assign({ estimate: ({ event }) => event.output }) },
            onError: 'priceFailed',
          },
        },
        priced: {},
        priceFailed: { on: { 'options.retry': 'pricing' } },
      },
    },
  },
});
