/**
 * The viewer machine and a link's approval, model-based: the approval child runs only on a link
 * whose option is on while the project waits for approval (never for the owner), with the link's
 * key and the revision the client loaded; its answer replaces the project the link shows and the
 * child is gone. Each step is checked against an oracle written from those rules.
 */
import { expect } from 'vitest';
import { assign, createMachine, fromCallback, type EventObject } from 'xstate';
import { ALL_SHARE_OPTIONS, type SharedProject } from '../../src/api/schemas';
import { parseViewerParams } from '../../src/machines/viewer/load/filterParams';
import { ownerViewerMachine, sharedViewerMachine, type LoadTarget, type ViewerEvent } from '../../src/machines/viewer/viewerMachine';
import type { ModelInfo } from '../../src/machines/viewer/viewerTypes';
import { makeProject } from '../helpers/fakeProjectsApi';
import { createSut, type Deferred, type Expected, type Oracle, type Sut } from '../helpers/modelBased';
import { defineRun } from './machineModel';

const linkProject = (modelUrl: string, currentStage: SharedProject['currentStage'], isApprovalAvailable: boolean): SharedProject => ({
  name: 'Kitchen',
  ownerName: 'Ana Martin',
  ownerAvatarUrl: '/a.svg',
  currentStage,
  shareOptions: { ...ALL_SHARE_OPTIONS, isApprovalAvailable },
  creationDate: new Date(2026, 0, 1),
  modificationDate: new Date(2026, 0, 2),
  revisionNumber: 4,
  modelUrl,
  thumbnailUrl: '',
  approval: null,
});
const awaiting = linkProject('/m/a.glb', 'approval', true);
const optionOff = linkProject('/m/b.glb', 'approval', false);
const otherStage = linkProject('/m/c.glb', 'production', true);
/** After the client asked for changes: back at design, then waiting again (the same revision, then a new one). */
const changesAsked = linkProject('/m/a.glb', 'new', true);
const awaitingNext: SharedProject = { ...linkProject('/m/d.glb', 'approval', true), revisionNumber: 5 };
const approved: SharedProject = { ...awaiting, currentStage: 'ready', approval: { name: 'Gina Guest', date: new Date(2026, 0, 3), revisionNumber: 4, quote: null } };
const ownerProject = makeProject({ id: 7, currentStage: 'approval', shareOptions: { ...ALL_SHARE_OPTIONS }, modelUrl: '/m/o.glb' });
const model: ModelInfo = { tree: { roots: [], nodes: {} }, partCount: 0, bounds: { min: [0, 0, 0], max: [1, 1, 1] } };

const idle = createMachine({});
/** The owner child keeps the project it was given (the viewer shows its copy). */
const ownerChild = createMachine({ types: {} as { context: { project: unknown }; input: { project: unknown } }, context: ({ input }) => ({ project: input.project }) });

/** The approval child: records its input, and ends with the project the test answers. */
function approvalFake(started: unknown[], pending: Deferred[]) {
  return createMachine({
    types: {} as { context: { output: unknown }; input: unknown },
    context: ({ input, self }) => {
      started.push(input);
      pending.push({ input, resolve: (output) => self.send({ type: 'fake.approved', output }), reject: () => {} });
      return { output: null };
    },
    initial: 'waiting',
    states: {
      waiting: { on: { 'fake.approved': { target: 'approved', actions: assign({ output: ({ event }) => (event as unknown as { output: unknown }).output }) } } },
      approved: { type: 'final' },
    },
    output: ({ context }) => context.output,
  });
}

function sutFor(variant: 'owner' | 'shared', target: LoadTarget, started: unknown[]): Sut {
  const pending: Deferred[] = [];
  const sut = createSut(variant === 'owner' ? ownerViewerMachine : sharedViewerMachine, {
    promiseActors: ['fetchProject'],
    input: { target, params: parseViewerParams(''), author: { name: 'Ada', avatarUrl: '' } },
    provide: {
      actors: {
        loadModel: fromCallback(() => () => {}),
        tools: idle,
        notice: idle,
        comments: idle,
        hyperlinks: idle,
        owner: ownerChild,
        revisions: idle,
        approval: approvalFake(started, pending),
        linkChanges: idle,
      },
    },
  });
  sut.pending.approval = pending;
  return sut;
}

/** The rules: which approval children start with which input, which project the link shows, and the screen. */
function oracle(kind: 'owner' | 'guest', played: EventObject[]) {
  let fetched = false;
  let project: unknown = null;
  let running = false;
  let revision = 0;
  let screen: unknown = 'fetching';
  const started: unknown[] = [];
  for (const event of played) {
    const e = event as EventObject & { output?: { project: SharedProject } | SharedProject };
    if (e.type === 'xstate.done.actor.fetchProject' && !fetched) {
      fetched = true;
      const p = (e.output as { project: SharedProject }).project;
      project = p;
      revision = p.revisionNumber;
      screen = { open: 'loadingModel' };
      if (kind === 'guest' && p.shareOptions.isApprovalAvailable && p.currentStage === 'approval') {
        started.push({ accessKey: 'k1', revisionNumber: p.revisionNumber });
        running = true;
      }
    } else if (e.type === 'load.done' && fetched) {
      screen = { open: 'ready' };
    } else if (e.type === 'xstate.done.actor.approval' && running) {
      project = e.output;
      running = false;
    } else if (e.type === 'viewer.liveProject' && fetched) {
      // The project as the server has it now; where approval is offered again and no dialog runs, it starts for the revision now current.
      const p = (e as unknown as { project: SharedProject }).project;
      if (kind === 'guest') project = p;
      // Another current revision is loaded.
      if (p.revisionNumber !== revision) screen = { open: 'loadingModel' };
      revision = p.revisionNumber;
      if (kind === 'guest' && !running && p.shareOptions.isApprovalAvailable && p.currentStage === 'approval') {
        started.push({ accessKey: 'k1', revisionNumber: p.revisionNumber });
        running = true;
      }
    }
  }
  return { project, running, started, screen };
}

interface ApprovalExpected extends Expected {
  played: EventObject[];
  project: unknown;
  running: boolean;
  started: unknown[];
}

const runs = [
  {
    name: 'link',
    variant: 'shared' as const,
    kind: 'guest' as const,
    target: { kind: 'guest', accessKey: 'k1' } as LoadTarget,
    events: [
      ...[awaiting, optionOff, otherStage].map((project) => ({ type: 'xstate.done.actor.fetchProject', output: { kind: 'guest', project } })),
      { type: 'load.done', model },
      { type: 'xstate.done.actor.approval', output: approved },
      ...[changesAsked, awaiting, awaitingNext].map((project) => ({ type: 'viewer.liveProject', project })),
    ],
  },
  {
    name: 'owner',
    variant: 'owner' as const,
    kind: 'owner' as const,
    target: { kind: 'owner', id: 7 } as LoadTarget,
    events: [{ type: 'xstate.done.actor.fetchProject', output: { kind: 'owner', project: ownerProject } }, { type: 'load.done', model }],
  },
];

const keyOf = (s: { value: unknown; context: unknown }) => {
  const c = s.context as { loaded: { project: { modelUrl: string; currentStage: string } } | null; approval: unknown };
  return JSON.stringify([s.value, c.loaded?.project.modelUrl ?? null, c.loaded?.project.currentStage ?? null, c.approval !== null]);
};

/** The approval's runs of one variant of the viewer machine, as runs of that machine's model (tests/models/viewer.ts). */
export function approvalRuns(variant: 'owner' | 'shared') {
  return runs
    .filter((run) => run.variant === variant)
    .map((run) => {
      const started: unknown[] = [];
      const at = (played: EventObject[], before: ApprovalExpected | null): ApprovalExpected => {
        const o = oracle(run.kind, played);
        const effects = o.started.slice(before?.started.length ?? 0).map((input) => `approval started ${JSON.stringify(input)}`);
        return { value: o.screen, effects, played, project: o.project, running: o.running, started: o.started };
      };
      const approvalOracle: Oracle<ViewerEvent, ApprovalExpected> = {
        initial: () => at([], null),
        next: (before, event) => at([...before.played, event], before),
        check(real, exp) {
          expect(started).toEqual(exp.started);
          if (real.status !== 'active') return;
          expect(real.context.loaded?.project ?? null).toEqual(exp.project);
          expect(real.context.approval !== null).toBe(exp.running);
          expect(real.children.approval !== undefined).toBe(exp.running);
        },
      };
      return {
        label: `approval, ${run.name}`,
        run: defineRun<ViewerEvent>({
          events: run.events as unknown as ViewerEvent[],
          input: { target: run.target, params: parseViewerParams(''), author: { name: 'Ada', avatarUrl: '' } },
          serializeState: keyOf,
          // These paths play only the events of the approval's concern (the viewer's own runs play the rest).
          filterEvents: (_state, event) => run.events.some((e) => e.type === event.type),
          sut: () => {
            started.length = 0;
            return sutFor(run.variant, run.target, started);
          },
          oracle: approvalOracle as never,
        }),
      };
    });
}
