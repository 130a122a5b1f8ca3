/**
 * The QR labels sheet (issue 17 "QR labels"): the project and its part tree are read once; a
 * published project gets one label for the whole project (its name, the shared link) and one per
 * cabinet in the model's order, whose QR code opens the link isolated on that cabinet
 * (`/s/{key}?filter=<cabinet name>`); an unpublished project has no labels yet; a failed read is
 * retried on demand. A4 sheets by default, a label roll on request, at any time.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import type { NamedTree } from '../../src/model/parts/partsList';
import type { Project } from '../../src/api/schemas';
import { labelsMachine } from '../../src/machines/projects/labelsMachine';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { withCallLog, type LoggedSut } from './callLog';
import { defineRun, type MachineModel } from './machineModel';

type LabelsEvent = { type: 'labels.format'; format: 'a4' | 'roll' } | { type: 'labels.retry' } | { type: string; output?: unknown; error?: unknown };

const input = { projectId: 7, origin: 'https://example.com' };
/** A kitchen of two cabinets (the second's name needs escaping in a URL) under one root. */
const kitchen: NamedTree = {
  roots: ['0'],
  nodes: {
    '0': { rawName: 'Kitchen+1x1x1mm|Seed 1', children: ['1', '3'] },
    '1': { rawName: 'Base cabinet 1+720x560x600mm|Kitchen run A', children: ['2'] },
    '2': { rawName: 'Left side+720x18x560mm|Melamine white 18', children: [] },
    '3': { rawName: 'Tall & wide+2100x600x600mm|Kitchen run B', children: ['4'] },
    '4': { rawName: 'Left side+2100x18x600mm|Melamine white 18', children: [] },
  },
};
const published = makeProject({ id: 7, name: 'Dupont kitchen', accessKey: 'Abc123', isPublished: true });
const unpublished = makeProject({ id: 7, name: 'Dupont kitchen', accessKey: 'Abc123', isPublished: false });

/** What the sheet must show for the published kitchen, written out by hand from the rules. */
const KITCHEN_LABELS = [
  { name: '', info: 'Dupont kitchen', url: 'https://example.com/s/Abc123' },
  { name: 'Base cabinet 1', info: 'Kitchen run A', url: 'https://example.com/s/Abc123?filter=Base%20cabinet%201' },
  { name: 'Tall & wide', info: 'Kitchen run B', url: 'https://example.com/s/Abc123?filter=Tall%20%26%20wide' },
];

export interface LabelsExpected extends Expected {
  format: 'a4' | 'roll';
  project: Project | null;
  labels: typeof KITCHEN_LABELS;
  /** Reads of the project asked so far. */
  reads: number;
}

export const labelsOracle: Oracle<LabelsEvent, LabelsExpected> = {
  initial: () => ({ value: 'loading', effects: ['GET projects/7 and its part tree'], format: 'a4', project: null, labels: [], reads: 1 }),
  next(e, event) {
    const base = { ...e, effects: [] as string[] };
    if (event.type === 'labels.format') {
      const format = (event as { format: 'a4' | 'roll' }).format;
      return { ...base, format, effects: [`sheet as ${format}`] };
    }
    if (e.value === 'loading' && event.type === 'xstate.done.actor.loadLabels') {
      const { project } = (event as { output: { project: Project } }).output;
      if (project.isPublished) return { ...base, value: 'ready', project, labels: KITCHEN_LABELS, effects: ['3 labels: the project, then each cabinet'] };
      return { ...base, value: 'unpublished', project, effects: ['no labels: publish first'] };
    }
    if (e.value === 'loading' && event.type === 'xstate.error.actor.loadLabels') return { ...base, value: 'failed', effects: ['failure shown, Retry offered'] };
    if (e.value === 'failed' && event.type === 'labels.retry') return { ...base, value: 'loading', reads: e.reads + 1, effects: ['GET projects/7 again'] };
    return base;
  },
  check(real, e, sut) {
    const c = real.context as { format: string; project: Project | null; labels: Array<{ name: string; info: string; url: string }> };
    same(c.format, e.format, 'the label format');
    same(c.project, e.project, 'the project shown');
    same(c.labels.map(({ name, info, url }) => ({ name, info, url })), e.labels, 'the labels and where their QR codes lead');
    same(sut.pending.loadLabels.map((call) => call.input), e.value === 'loading' ? [{ projectId: 7 }] : [], 'the read in flight');
    same((sut as LoggedSut).calls.loadLabels.length, e.reads, 'reads asked');
  },
};

export const labelsModel: MachineModel = {
  name: 'labels',
  machine: labelsMachine,
  source: 'src/machines/projects/labelsMachine.ts',
  testFile: 'tests/machines/labelsModel.test.ts',
  runs: [
    { label: 'labels', run: labelsRun(() => true) },
    // The sheet's page offers the format with the labels: the format chosen once they are ready.
    { label: 'the format chosen on the sheet', run: labelsRun((ready) => ready) },
  ],
};

function labelsRun(formatOffered: (ready: boolean) => boolean) {
  const events = [
    { type: 'xstate.done.actor.loadLabels', output: { project: published, tree: kitchen } },
    { type: 'xstate.done.actor.loadLabels', output: { project: unpublished, tree: kitchen } },
    { type: 'xstate.error.actor.loadLabels', error: new Error('offline') },
    { type: 'labels.retry' },
    { type: 'labels.format', format: 'roll' },
    { type: 'labels.format', format: 'a4' },
  ] as LabelsEvent[];
  return defineRun<LabelsEvent>({
    events: (snapshot) => events.filter((e) => e.type !== 'labels.format' || formatOffered(snapshot.matches('ready'))),
    input,
    serializeState: (s) => JSON.stringify([s.value, (s.context as { format: string }).format]),
    sut: () => withCallLog(createSut(labelsMachine, { promiseActors: ['loadLabels'], input })),
    oracle: labelsOracle as never,
  });
}
