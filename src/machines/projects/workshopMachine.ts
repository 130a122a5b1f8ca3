/**
 * The workshop page of a project (/projects/{id}/workshop): the cutting diagrams of its current
 * revision, a label per part, the cost estimate, and the owner's workshop settings.
 *   loading -> ready | failed (retry)
 *   ready: estimate (loading -> loaded | failed; again when the packing mode or the settings change)
 *        ∥ settings (editing -> saving -> editing; a draft with problems is not sent)
 * The plan is computed here from the part tree and the saved settings (the same module as the
 * server's estimate), again when the mode or the settings change. When the client approved the
 * current revision with choices of the quote's options, the plan cuts the boards of those choices
 * (`withChoices`), so the diagrams, the labels and the CSV are what the client approved.
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import { planCutting, type CuttingPlan } from '../../model/cutting/cuttingPlan';
import type { Estimate } from '../../model/cutting/estimate';
import type { PackingMode } from '../../model/cutting/packing';
import type { WorkshopSettings } from '../../model/cutting/workshopSettings';
import { workshopPartsOf } from '../../model/cutting/workshopParts';
import type { NamedTree } from '../../model/parts/partsList';
import { chosenIn, type QuoteOptions, type QuoteSelection } from '../../model/quote/quoteOptions';
import { withChoices } from '../../model/quote/quotePrice';
import type { Project } from '../../api/schemas';
import type { DistanceUnit } from '../types';
import type { LabelFormat } from './labelsMachine';
import { settingsErrorsOf, type SettingsError } from './workshopView';

export const WORKSHOP_TABS = ['diagrams', 'labels', 'estimate', 'quote', 'machining', 'settings'] as const;
export type WorkshopTab = (typeof WORKSHOP_TABS)[number];

interface WorkshopInput {
  projectId: number;
  origin: string;
  unit: DistanceUnit;
}

export interface LoadedWorkshop {
  project: Project;
  tree: NamedTree;
  settings: WorkshopSettings;
  /** The project's quote options (none when absent). */
  options?: QuoteOptions;
}

/** A board the approval chose in place of the model's: the group's and the choice's names. */
export interface ApprovedBoard {
  group: string;
  choice: string;
}

interface WorkshopContext extends WorkshopInput {
  project: Project | null;
  tree: NamedTree | null;
  settings: WorkshopSettings | null;
  /** The approved choices the plan cuts (none unless the current revision was approved with choices). */
  approved: { options: QuoteOptions; choices: QuoteSelection } | null;
  draft: WorkshopSettings | null;
  errors: SettingsError[];
  saveFailed: boolean;
  mode: PackingMode;
  tab: WorkshopTab;
  labelFormat: LabelFormat;
  plan: CuttingPlan | null;
  estimate: Estimate | null;
}

export type WorkshopEvent =
  | { type: 'workshop.tab'; tab: WorkshopTab }
  | { type: 'workshop.mode'; mode: PackingMode }
  | { type: 'workshop.unit'; unit: DistanceUnit }
  | { type: 'workshop.labelFormat'; format: LabelFormat }
  | { type: 'workshop.draft'; draft: WorkshopSettings }
  | { type: 'workshop.save' }
  | { type: 'workshop.retry' }
  | { type: 'workshop.estimateStale' };

type Approved = WorkshopContext['approved'];

function planOf(tree: NamedTree | null, settings: WorkshopSettings | null, mode: PackingMode, approved: Approved): CuttingPlan | null {
  if (!tree || !settings) return null;
  const parts = workshopPartsOf(tree, settings);
  return planCutting(approved ? withChoices(parts, approved.options, approved.choices) : parts, settings, mode);
}

/** The approval's choices, when the client approved the revision shown with some. */
function approvedOf(project: Project, options: QuoteOptions | undefined): Approved {
  const approval = project.approval;
  if (!approval?.quote || !options || approval.revisionNumber !== project.revisionNumber) return null;
  return { options, choices: approval.quote.choices };
}

/** The approved choices that change a board or hardware, by name (the page's line above the diagrams). */
export function approvedBoardsOf(approved: Approved): ApprovedBoard[] {
  if (!approved) return [];
  return approved.options.groups.flatMap((group) => {
    const choice = chosenIn(group, approved.choices);
    return choice !== group.choices[0] && choice.board !== '' ? [{ group: group.name, choice: choice.name }] : [];
  });
}

export const workshopMachine = setup({
  types: { context: {} as WorkshopContext, events: {} as WorkshopEvent, input: {} as WorkshopInput },
  actors: {
    loadWorkshop: fromPromise<LoadedWorkshop, { projectId: number }>(async () => {
      throw new Error('loadWorkshop is provided by the app');
    }),
    loadEstimate: fromPromise<Estimate, { projectId: number; mode: PackingMode }>(async () => {
      throw new Error('loadEstimate is provided by the app');
    }),
    saveSettings: fromPromise<WorkshopSettings, { settings: WorkshopSettings }>(async () => {
      throw new Error('saveSettings is provided by the app');
    }),
  },
  guards: {
    draftHolds: ({ context }) => context.draft !== null && settingsErrorsOf(context.draft).length === 0,
  },
}).createMachine({
  id: 'workshop',
  context: ({ input }) => ({
    ...input,
    project: null,
    tree: null,
    settings: null,
    approved: null,
    draft: null,
    errors: [],
    saveFailed: false,
    mode: 'guillotine',
    tab: 'diagrams',
    labelFormat: 'a4',
    plan: null,
    estimate: null,
  }),
  on: {
    'workshop.tab': { actions: assign({ tab: ({ event }) => event.tab }) },
    'workshop.unit': { actions: assign({ unit: ({ event }) => event.unit }) },
    'workshop.labelFormat': { actions: assign({ labelFormat: ({ event }) => event.format }) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadWorkshop',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const { project, tree, settings, options } = event.output;
            const approved = approvedOf(project, options);
            return { project, tree, settings, approved, draft: settings, plan: planOf(tree, settings, context.mode, approved) };
          }),
        },
        onError: 'failed',
      },
    },
    failed: { on: { 'workshop.retry': 'loading' } },
    ready: {
      type: 'parallel',
      on: {
        'workshop.mode': {
          actions: [assign(({ context, event }) => ({ mode: event.mode, plan: planOf(context.tree, context.settings, event.mode, context.approved) })), raise({ type: 'workshop.estimateStale' })],
        },
      },
      states: {
        estimate: {
          initial: 'loading',
          // Handled in each child: a transition from `estimate` itself would leave the whole
          // parallel state and reset the settings region, cancelling a save in flight.
          states: {
            loading: {
              on: { 'workshop.estimateStale': { target: 'loading', reenter: true } },
              invoke: {
                src: 'loadEstimate',
                input: ({ context }) => ({ projectId: context.projectId, mode: context.mode }),
                onDone: { target: 'loaded', actions: assign({ estimate: ({ event }) => event.output }) },
                onError: 'failed',
              },
            },
            loaded: { on: { 'workshop.estimateStale': 'loading' } },
            failed: { on: { 'workshop.retry': 'loading', 'workshop.estimateStale': 'loading' } },
          },
        },
        settings: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'workshop.draft': { actions: assign({ draft: ({ event }) => event.draft, errors: [], saveFailed: false }) },
                'workshop.save': [
                  { guard: 'draftHolds', target: 'saving' },
                  { actions: assign({ errors: ({ context }) => (context.draft ? settingsErrorsOf(context.draft) : []) }) },
                ],
              },
            },
            saving: {
              invoke: {
                src: 'saveSettings',
                input: ({ context }) => ({ settings: context.draft! }),
                onDone: {
                  target: 'editing',
                  actions: [
                    assign(({ context, event }) => ({ settings: event.output, draft: event.output, plan: planOf(context.tree, event.output, context.mode, context.approved) })),
                    raise({ type: 'workshop.estimateStale' }),
                  ],
                },
                onError: { target: 'editing', actions: assign({ saveFailed: true }) },
              },
            },
          },
        },
      },
    },
  },
});

export type WorkshopMachine = typeof workshopMachine;
