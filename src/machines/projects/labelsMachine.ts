/**
 * The QR labels sheet of a project (/projects/{id}/labels): reads the project and its part tree,
 * then offers one label for the whole project and one per cabinet, each opening the shared link
 * (isolated on the cabinet through `?filter=`), on A4 sheets or a label roll.
 *   loading -> ready | unpublished | failed (retry)
 */
import { assign, fromPromise, setup } from 'xstate';
import type { NamedTree } from '../../model/parts/partsList';
import type { Project } from '../../api/schemas';
import { partsListOf, type PartDimensions } from '../viewer/tools/partsListView';
import { publicLinkOf } from './publicLink';

export const LABEL_FORMATS = ['a4', 'roll'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export interface Label {
  key: string;
  /** The cabinet's name; empty for the whole project's label. */
  name: string;
  dimensions: PartDimensions | null;
  info: string;
  /** What the QR code opens. */
  url: string;
}

interface LabelsInput {
  projectId: number;
  /** The site origin the links start with. */
  origin: string;
}

export interface LoadedLabels {
  project: Project;
  tree: NamedTree;
}

interface LabelsContext extends LabelsInput {
  project: Project | null;
  labels: Label[];
  format: LabelFormat;
}

type LabelsEvent = { type: 'labels.format'; format: LabelFormat } | { type: 'labels.retry' };

/** The whole project's label first, then one per cabinet, in the model's order. */
export function labelsOf(project: Pick<Project, 'name' | 'accessKey'>, tree: NamedTree, origin: string): Label[] {
  const link = publicLinkOf(project.accessKey, origin);
  const cabinets = partsListOf(tree).cabinets.filter((c) => c.id !== null);
  return [
    { key: 'project', name: '', dimensions: null, info: project.name, url: link },
    ...cabinets.map((c) => ({ key: c.id!, name: c.name, dimensions: c.dimensions, info: c.info, url: `${link}?filter=${encodeURIComponent(c.filterName)}` })),
  ];
}

export const labelsMachine = setup({
  types: {
    context: {} as LabelsContext,
    events: {} as LabelsEvent,
    input: {} as LabelsInput,
  },
  actors: {
    loadLabels: fromPromise<LoadedLabels, { projectId: number }>(async () => {
      throw new Error('loadLabels is provided by the app');
    }),
  },
}).createMachine({
  id: 'labels',
  context: ({ input }) => ({ ...input, project: null, labels: [], format: 'a4' }),
  on: { 'labels.format': { actions: assign({ format: ({ event }) => event.format }) } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadLabels',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: [
          {
            guard: ({ event }) => event.output.project.isPublished,
            target: 'ready',
            actions: assign(({ context, event }) => ({ project: event.output.project, labels: labelsOf(event.output.project, event.output.tree, context.origin) })),
          },
          { target: 'unpublished', actions: assign({ project: ({ event }) => event.output.project }) },
        ],
        onError: 'failed',
      },
    },
    ready: {},
    unpublished: {},
    failed: { on: { 'labels.retry': 'loading' } },
  },
});
