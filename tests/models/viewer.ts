/**
 * The viewer machine (owner and shared variants) as QA sees it: model-based paths through reading
 * the project, loading its model, the URL's filter steps, the left panels (the share child opening
 * and closing), tree clicks, a model update, live events and a deletion; with a link's approval
 * (viewerApprovalRuns.ts). Every path is checked against an oracle written here from the events
 * played (which children start with which input, which events each child receives, which models
 * the engine is asked to load), never against the machine's model.
 */
import { expect } from 'vitest';
import { assign, createMachine, fromCallback, type EventObject } from 'xstate';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import { parseViewerParams } from '../../src/machines/viewer/load/filterParams';
import { ownerProjectMachine } from '../../src/machines/viewer/owner/ownerProjectMachine';
import {
  ownerViewerMachine,
  sharedViewerMachine,
  type LoadTarget,
  type ViewerEvent,
} from '../../src/machines/viewer/viewerMachine';
import type { ModelInfo } from '../../src/machines/viewer/viewerTypes';
import { makeProject } from '../helpers/fakeProjectsApi';
import { controlledPromise, createSut, type Deferred, type Expected, type Oracle, type Sut } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';
import { approvalRuns } from './viewerApprovalRuns';

export const project = makeProject({ id: 7, modelUrl: '/api/v1/models/s/7.glb' });
export const updated = { ...project, modelUrl: '/api/v1/models/s/8.glb' };
const other = { ...project, id: 99, modelUrl: '/api/v1/models/s/99.glb' };
const sharedOptions = { ...ALL_SHARE_OPTIONS, isCommentsVisible: false, isWireframeRenderModeAvailable: false };
export const shared = { ...project, shareOptions: sharedOptions };

const node = (id: string, name: string) => ({ id, name, rawName: name, children: [], parent: null, size: null, additionalInfo: null, isVisible: true });
export const model: ModelInfo = { tree: { roots: ['n1', 'n2'], nodes: { n1: node('n1', 'Door'), n2: node('n2', 'Shelf') } }, partCount: 2, bounds: { min: [0, 0, 0], max: [1, 1, 1] } };
export const progress = { phase: 'resources' as const, progress: 0.5, overall: 0.5 };
export const fail = (status: number) => Object.assign(new Error(`status ${status}`), { status });

/** What the children and the engine saw, recorded by the fakes. */
export interface Recorded {
  started: Array<{ child: string; input: unknown }>;
  received: Array<{ child: string; type: string; detail?: unknown }>;
  modelUrls: string[];
  leftList: number;
}

export function recorder(child: string, log: Recorded) {
  return createMachine({
    context: ({ input }) => {
      log.started.push({ child, input });
      return {};
    },
    on: {
      '*': {
        actions: ({ event }) => {
          const { type, ...detail } = event as EventObject & Record<string, unknown>;
          log.received.push({ child, type, ...(Object.keys(detail).length ? { detail } : {}) });
        },
      },
    },
  });
}

/** The owner child: records its events, and ends (deleted) when the test settles its pending call. */
export function ownerFake(log: Recorded, pending: Deferred[]) {
  return createMachine({
    types: {} as { context: { project: unknown }; input: { project: unknown } },
    context: ({ input, self }) => {
      log.started.push({ child: 'owner', input });
      pending.push({ input, resolve: () => self.send({ type: 'fake.deleted' }), reject: () => {} });
      return { project: input.project };
    },
    initial: 'running',
    states: {
      running: {
        on: {
          'fake.deleted': 'deleted',
          // As the real child: the newer copy becomes its project.
          'owner.replaced': {
            actions: [({ event }) => log.received.push({ child: 'owner', type: event.type }), assign({ project: ({ event }) => (event as unknown as { project: unknown }).project })],
          },
          '*': { actions: ({ event }) => log.received.push({ child: 'owner', type: event.type }) },
        },
      },
      deleted: { type: 'final' },
    },
  });
}

export function sutFor(variant: 'owner' | 'shared', target: LoadTarget, search: string, log: Recorded): Sut {
  const ownerPending: Deferred[] = [];
  const machine = variant === 'owner' ? ownerViewerMachine : sharedViewerMachine;
  const sut = createSut(machine, {
    promiseActors: ['fetchProject'],
    input: { target, params: parseViewerParams(search), author: { name: 'Ada', avatarUrl: '' }, hierarchyOpensByItself: true },
    provide: {
      actors: {
        loadModel: fromCallback<EventObject, { modelUrl: string }>(({ input }) => {
          log.modelUrls.push(input.modelUrl);
          return () => {};
        }),
        tools: recorder('tools', log),
        notice: recorder('notice', log),
        comments: recorder('comments', log),
        hyperlinks: recorder('hyperlinks', log),
        review: recorder('review', log),
        linkChanges: recorder('linkChanges', log),
        liveEvents: fromCallback<EventObject, { ref: unknown }>(({ input }) => {
          log.started.push({ child: 'live', input });
          return () => {};
        }),
        owner: ownerFake(log, ownerPending),
        revisions: recorder('revisions', log),
      },
      actions: { returnToList: () => void log.leftList++ },
    },
  });
  sut.pending.owner = ownerPending;
  return sut;
}

/**
 * The oracle: what the children and the engine must have seen after these events, derived from
 * the product rules (SPEC §2, §4), not from the machine.
 */
function expected(variant: 'owner' | 'shared', target: LoadTarget, search: string, events: EventObject[]) {
  const kind = target.kind;
  const filter = parseViewerParams(search);
  const out: Recorded = { started: [{ child: 'notice', input: { steps: [], moveCamera: !filter.noMoveCamera, flash: !filter.noFlash } }], received: [], modelUrls: [], leftList: 0 };
  let phase = 'fetching' as 'fetching' | 'loading' | 'ready' | 'notFound' | 'unauthorized' | 'failed' | 'deleted';
  const ended = () => phase === 'notFound' || phase === 'unauthorized' || phase === 'failed' || phase === 'deleted';
  let left: string | null = null;
  let filterDone = false;
  let modelUrl = kind === 'sandbox' ? target.modelUrl : '';
  /** The project's current revision, shown again after an older one. */
  let currentUrl = modelUrl;
  /** The project's current revision as last read (a live event brings a newer one). */
  let currentRevision = 0;
  /** Where comments show (not the sandbox, and a link only with its comment option), the review runs. */
  let hasReview = false;
  const open = (loaded: { project: typeof project } | null) => {
    const permissions = kind === 'guest' ? sharedOptions : kind === 'sandbox' ? { ...ALL_SHARE_OPTIONS, isHierarchyVisible: false, isCommentsVisible: false, isAttachmentVisible: false } : ALL_SHARE_OPTIONS;
    out.started.push({ child: 'tools', input: { permissions } });
    if (kind !== 'sandbox') {
      const ref = kind === 'owner' ? { id: 7 } : { accessKey: 'k1' };
      const author = { authorName: 'Ada', authorAvatarUrl: '' };
      out.started.push({ child: 'comments', input: { ref, enabled: permissions.isCommentsVisible, canCreate: true, ...author } });
      out.started.push({ child: 'hyperlinks', input: { ref, enabled: permissions.isAttachmentVisible, canCreate: kind === 'owner', ...author } });
      if (permissions.isCommentsVisible) {
        hasReview = true;
        const modes = ['solid', ...(permissions.isXRayRenderModeAvailable ? ['xray'] : []), ...(permissions.isWireframeRenderModeAvailable ? ['wireframe'] : []), ...(permissions.isIllustrationRenderModeAvailable ? ['illustration'] : [])];
        out.started.push({
          child: 'review',
          input: { ref, role: kind === 'owner' ? 'owner' : 'guest', revisionNumber: loaded?.project.revisionNumber ?? 1, authorName: 'Ada', renderModes: modes, clipping: permissions.isClippingPlaneAvailable },
        });
      }
    }
    currentRevision = loaded?.project.revisionNumber ?? 0;
    // A link tells what changed since this browser's last visit.
    if (kind === 'guest') out.started.push({ child: 'linkChanges', input: { accessKey: 'k1', revisionNumber: loaded!.project.revisionNumber } });
    if (variant === 'owner' && loaded) {
      out.started.push({ child: 'owner', input: { project: loaded.project } });
      const approval = loaded.project.approval;
      out.started.push({
        child: 'revisions',
        input: { projectId: 7, currentRevision: loaded.project.revisionNumber, approvedRevision: approval && approval.revisionNumber === loaded.project.revisionNumber ? approval.revisionNumber : null },
      });
    }
    // The live events of the project (none in the sandbox); a callback starts after the machines.
    // A link's stream says which revision and stage the page shows, so the server tells what changed meanwhile.
    if (kind === 'guest') out.started.push({ child: 'live', input: { ref: { accessKey: 'k1' }, known: { revisionNumber: loaded!.project.revisionNumber, stage: loaded!.project.currentStage } } });
    else out.started.push({ child: 'live', input: { ref: kind === 'owner' ? { id: 7 } : null } });
    if (kind === 'guest') left = 'hierarchy'; // the link's hierarchy is visible and the window large enough
    phase = 'loading';
    out.modelUrls.push(modelUrl);
  };
  if (kind === 'sandbox') open(null);
  for (const event of events) {
    if (ended()) break;
    const e = event as EventObject & { output?: { project: typeof project }; project?: typeof project; panel?: string | null; partId?: string; revision?: { modelUrl: string } | null };
    if (e.type === 'xstate.done.actor.fetchProject' && phase === 'fetching') {
      modelUrl = e.output!.project.modelUrl;
      currentUrl = modelUrl;
      open(e.output!);
    } else if (e.type.startsWith('xstate.error.actor.fetchProject') && phase === 'fetching') {
      // A link that is not (or no longer) shared says so; the owner's expired session goes to the
      // login; anything else is a load error (SPEC's errors).
      const status = (e as unknown as { error: { status: number } }).error.status;
      phase = kind === 'guest' && status === 404 ? 'notFound' : kind === 'owner' && status === 401 ? 'unauthorized' : 'failed';
    }
    else if (e.type === 'load.done' && phase === 'loading') {
      phase = 'ready';
      if (!filterDone && (filter.mode !== 'none' || filter.part !== null)) {
        filterDone = true;
        // Each step names parts whole, case aside; a step that names no part stays, empty, so the
        // URL's steps are shown even when nothing matches (the screen says so, not the whole model).
        const steps = filter.steps.map((names) => Object.values(model.tree.nodes).filter((n) => names.some((name) => name.toLowerCase() === n.name.toLowerCase())).map((n) => n.id));
        if (steps.length > 0) out.received.push({ child: 'notice', type: 'notice.load', detail: { steps } }, { child: 'notice', type: 'notice.start' });
        // A part label's `?part=`: that part selected, looked for within the first step, else the whole model.
        if (filter.part !== null) {
          const within = steps[0] ?? Object.keys(model.tree.nodes);
          const partId = within.find((id) => model.tree.nodes[id]!.name.toLowerCase() === filter.part!.toLowerCase());
          if (partId) out.received.push({ child: 'tools', type: 'tools.select', detail: { partId } });
        }
      }
    } else if (e.type === 'load.failed' && phase === 'loading') phase = 'failed';
    else if (e.type === 'viewer.leftPanel' && e.panel !== left) {
      if (variant === 'owner' && phase !== 'fetching' && left === 'share') out.received.push({ child: 'owner', type: 'owner.closeShare' });
      if (variant === 'owner' && phase !== 'fetching' && e.panel === 'share') out.received.push({ child: 'owner', type: 'owner.openShare' });
      // The revisions are read when their panel opens.
      if (variant === 'owner' && phase !== 'fetching' && e.panel === 'revisions') out.received.push({ child: 'revisions', type: 'revisions.load' });
      left = e.panel ?? null;
    } else if (e.type === 'viewer.user') {
      const author = { authorName: 'Ana Martin', authorAvatarUrl: '/ana.png' };
      if (phase !== 'fetching' && kind !== 'sandbox') out.received.push({ child: 'comments', type: 'comments.author', detail: author }, { child: 'hyperlinks', type: 'hyperlinks.author', detail: author });
      if (phase !== 'fetching' && hasReview) out.received.push({ child: 'review', type: 'review.author', detail: { authorName: 'Ana Martin' } });
    } else if (e.type === 'viewer.treeSelect') {
      out.received.push({ child: 'notice', type: 'notice.stop' });
      if (phase !== 'fetching') out.received.push({ child: 'tools', type: 'tools.select', detail: { partId: e.partId } });
    } else if (e.type === 'viewer.modelUpdated' && variant === 'owner' && (phase === 'loading' || phase === 'ready') && e.project!.id === 7) {
      out.received.push(
        { child: 'owner', type: 'owner.replaced' },
        { child: 'revisions', type: 'revisions.changed', detail: { currentRevision: e.project!.revisionNumber } },
        // The approval of the revision now current, if the client gave one (these projects have none).
        { child: 'revisions', type: 'revisions.approval', detail: { approvedRevision: null } },
        { child: 'notice', type: 'notice.stop' },
        { child: 'tools', type: 'tools.modelChanged' },
      );
      // New notes name the revision now shown.
      if (hasReview) out.received.push({ child: 'review', type: 'review.revision', detail: { revisionNumber: e.project!.revisionNumber } });
      currentRevision = e.project!.revisionNumber;
      modelUrl = e.project!.modelUrl;
      currentUrl = modelUrl;
      out.modelUrls.push(modelUrl);
      phase = 'loading';
    } else if (e.type === 'viewer.showRevision' && variant === 'owner' && (phase === 'loading' || phase === 'ready')) {
      // An older revision (or the current one again) replaces the model on screen, read-only.
      out.received.push({ child: 'notice', type: 'notice.stop' }, { child: 'tools', type: 'tools.modelChanged' });
      if (hasReview) out.received.push({ child: 'review', type: 'review.revision', detail: { revisionNumber: (e.revision as { revisionNumber?: number } | null)?.revisionNumber ?? currentRevision } });
      modelUrl = e.revision ? e.revision.modelUrl : currentUrl;
      out.modelUrls.push(modelUrl);
      phase = 'loading';
    } else if (e.type === 'viewer.liveNote' && (phase === 'loading' || phase === 'ready')) {
      // A note written in another browser: the notes are read again.
      if (hasReview) out.received.push({ child: 'review', type: 'review.refresh' }, { child: 'comments', type: 'comments.refresh' });
    } else if (e.type === 'viewer.liveProject' && e.project && kind !== 'sandbox' && (phase === 'loading' || phase === 'ready')) {
      // The project as the server has it now: the owner's panels follow it; another current revision is loaded.
      const ownerHears = (revised: boolean) => {
        if (variant !== 'owner') return;
        out.received.push({ child: 'owner', type: 'owner.replaced' });
        // Another current revision made elsewhere: the revisions panel reads its list again and compares with it.
        if (revised) out.received.push({ child: 'revisions', type: 'revisions.changed', detail: { currentRevision: e.project!.revisionNumber } });
        out.received.push({ child: 'revisions', type: 'revisions.approval', detail: { approvedRevision: null } });
      };
      if (e.project!.revisionNumber === currentRevision) ownerHears(false);
      else {
        out.received.push({ child: 'notice', type: 'notice.stop' }, { child: 'tools', type: 'tools.modelChanged' });
        ownerHears(true);
        if (hasReview) out.received.push({ child: 'review', type: 'review.revision', detail: { revisionNumber: e.project!.revisionNumber } });
        // An open link says what changed in the new revision since the one this browser saw.
        if (kind === 'guest') out.started.push({ child: 'linkChanges', input: { accessKey: 'k1', revisionNumber: e.project!.revisionNumber } });
        currentRevision = e.project!.revisionNumber;
        modelUrl = e.project!.modelUrl;
        currentUrl = modelUrl;
        out.modelUrls.push(modelUrl);
        phase = 'loading';
      }
    } else if (e.type === 'xstate.done.actor.owner' && variant === 'owner' && phase !== 'fetching') {
      out.leftList++;
      phase = 'deleted';
    }
  }
  return { recorded: out, left, screen: phase === 'loading' ? { open: 'loadingModel' } : phase === 'ready' ? { open: 'ready' } : phase };
}

const baseEvents = [
  { type: 'xstate.error.actor.fetchProject', error: fail(404) },
  { type: 'xstate.error.actor.fetchProject', error: fail(401) },
  { type: 'xstate.error.actor.fetchProject', error: fail(500) },
  { type: 'load.progress', progress },
  { type: 'load.done', model },
  { type: 'load.failed', error: 'bad glb' },
  { type: 'viewer.leftPanel', panel: 'hierarchy' },
  { type: 'viewer.leftPanel', panel: null },
  { type: 'viewer.treeSelect', partId: 'n2' },
  { type: 'viewer.user', user: { fullName: 'Ana Martin', avatarUrl: '/ana.png', isLoggedIn: true } },
  { type: 'viewer.liveNote' },
];
const ownerEvents = [
  ...baseEvents,
  { type: 'xstate.done.actor.fetchProject', output: { kind: 'owner', project } },
  { type: 'viewer.leftPanel', panel: 'share' },
  { type: 'viewer.leftPanel', panel: 'revisions' },
  { type: 'viewer.showRevision', revision: { revisionNumber: 1, modelUrl: '/api/v1/models/old/1.glb' } },
  { type: 'viewer.showRevision', revision: null },
  { type: 'viewer.modelUpdated', project: updated },
  { type: 'viewer.modelUpdated', project: other },
  // A decision elsewhere (same revision), then a revision made current in another browser.
  { type: 'viewer.liveProject', project: { ...project, currentStage: 'ready' } },
  { type: 'viewer.liveProject', project: { ...project, revisionNumber: project.revisionNumber + 1, modelUrl: '/api/v1/models/s/9.glb' } },
  { type: 'xstate.done.actor.owner' },
];
const guestEvents = [
  ...baseEvents,
  { type: 'xstate.done.actor.fetchProject', output: { kind: 'guest', project: shared } },
  // A decision elsewhere (the same revision: nothing to load), then a new current revision.
  { type: 'viewer.liveProject', project: { ...shared, currentStage: 'ready' } },
  { type: 'viewer.liveProject', project: { ...shared, revisionNumber: shared.revisionNumber + 1, modelUrl: '/api/v1/models/s/9.glb' } },
];

const runs = [
  { name: 'owner', variant: 'owner' as const, target: { kind: 'owner', id: 7 } as LoadTarget, search: '?filter=Door', events: ownerEvents },
  // Opened from a part label: that part selected, no filter.
  { name: 'guest', variant: 'shared' as const, target: { kind: 'guest', accessKey: 'k1' } as LoadTarget, search: '?part=shelf', events: guestEvents },
  { name: 'sandbox', variant: 'shared' as const, target: { kind: 'sandbox', modelUrl: '/sample.glb' } as LoadTarget, search: '?filter=Nothing&noFlash', events: baseEvents },
];

/** The runs' names on the page: each run's events kept to what its page offers, when it offers it (the screens play these). */
export const onPage = (name: string) => `${name}, on the page`;

/**
 * What the page offers, and when: the project's read answers while the page reads it, the model's
 * file while it loads (its progress comes with the bytes, not apart); the left panels, the
 * hierarchy's parts, the revisions and the Project panel's Update and Delete once the model is shown
 * (the loading view covers them): a panel other than the one shown, a part with the hierarchy open,
 * an older revision from the Revisions panel and the current one back only while an older one
 * shows, an update of the page's own project and a deletion with no panel of the run's open; the
 * live events once the project is read (the sandbox has none, nor panels); the session's user
 * changes only by logging in, which the user panel plays (the settings' model).
 */
function onThePage(kind: LoadTarget['kind']) {
  return (snapshot: { value: unknown; context: unknown }, event: EventObject): boolean => {
    const value = snapshot.value as string | { open: string };
    const c = snapshot.context as { leftPanel: string | null; shownRevision: unknown };
    const open = typeof value === 'object';
    const ready = open && value.open === 'ready';
    const e = event as EventObject & { panel?: string | null; revision?: unknown; project?: { id: number } };
    switch (e.type) {
      case 'load.done':
      case 'load.failed':
        return open && value.open === 'loadingModel';
      case 'viewer.leftPanel':
        return ready && kind !== 'sandbox' && e.panel !== c.leftPanel;
      case 'viewer.treeSelect':
        return ready && c.leftPanel === 'hierarchy';
      case 'viewer.showRevision':
        return ready && (e.revision !== null ? c.leftPanel === 'revisions' : c.shownRevision !== null);
      case 'viewer.modelUpdated':
        return ready && c.leftPanel === null && e.project!.id === 7;
      case 'xstate.done.actor.owner':
        return ready && c.leftPanel === null;
      case 'viewer.liveNote':
      case 'viewer.liveProject':
        return open && kind !== 'sandbox';
      case 'load.progress':
      case 'viewer.user':
        return false;
      default:
        return value === 'fetching';
    }
  };
}

/** A small key: the state, the panel, whether the filter ran and which model (context holds actors). */
const keyOf = (s: { value: unknown; context: unknown }) => {
  const c = s.context as { leftPanel: unknown; filterApplied: boolean; loaded: { project: { modelUrl: string } } | null; error: unknown; shownRevision: unknown };
  return JSON.stringify([s.value, c.leftPanel, c.filterApplied, c.loaded?.project.modelUrl ?? null, c.error, c.shownRevision]);
};

/** Each child's own messages in order (each reads its own mailbox; the order between two children is not theirs to see). */
const byChild = (received: Recorded['received']) => {
  const grouped: Record<string, Array<Omit<Recorded['received'][number], 'child'>>> = {};
  for (const { child, ...message } of received) (grouped[child] ??= []).push(message);
  return grouped;
};

/** What the oracle expects after a step: the screen (the machine's state), the left panel, what the children and the engine saw. */
export interface ViewerExpected extends Expected {
  /** The events played so far (the oracle reads them all again: the rules are about the whole history). */
  played: EventObject[];
  recorded: Recorded;
  left: string | null;
}

/** The new entries of `now` after `before`, in words (the step's effects). */
function newEffects(before: Recorded | null, now: Recorded): string[] {
  const started = now.started.slice(before?.started.length ?? 0).map((s) => `${s.child} started`);
  const received = now.received.slice(before?.received.length ?? 0).map((r) => `${r.child} <- ${r.type}${r.detail ? ` ${JSON.stringify(r.detail)}` : ''}`);
  const urls = now.modelUrls.slice(before?.modelUrls.length ?? 0).map((u) => `loads ${u}`);
  const left = now.leftList > (before?.leftList ?? 0) ? ['back to the project list'] : [];
  return [...started, ...received, ...urls, ...left];
}

/** The viewer's oracle for one run: `expected()` over the events played, as steps. */
function viewerOracle(run: (typeof runs)[number], log: () => Recorded): Oracle<ViewerEvent, ViewerExpected> {
  const at = (played: EventObject[], before: Recorded | null): ViewerExpected => {
    const out = expected(run.variant, run.target, run.search, played);
    return { value: out.screen, effects: newEffects(before, out.recorded), played, recorded: out.recorded, left: out.left };
  };
  return {
    initial: () => at([], null),
    next: (before, event) => at([...before.played, event], before.recorded),
    check(real, exp) {
      const seen = log();
      expect(seen.started).toEqual(exp.recorded.started);
      expect(byChild(seen.received)).toEqual(byChild(exp.recorded.received));
      expect(seen.modelUrls).toEqual(exp.recorded.modelUrls);
      expect(seen.leftList).toBe(exp.recorded.leftList);
      if (real.status === 'active') expect(real.context.leftPanel).toBe(exp.left);
    },
  };
}

function viewerRun(run: (typeof runs)[number], page = false) {
  const input = { target: run.target, params: parseViewerParams(run.search), author: { name: 'Ada', avatarUrl: '' }, hierarchyOpensByItself: true };
  let log: Recorded = { started: [], received: [], modelUrls: [], leftList: 0 };
  return {
    label: page ? onPage(run.name) : run.name,
    run: defineRun<ViewerEvent>({
      events: run.events as unknown as ViewerEvent[],
      input,
      serializeState: keyOf,
      ...(page ? { filterEvents: onThePage(run.target.kind) } : {}),
      sut: () => {
        log = { started: [], received: [], modelUrls: [], leftList: 0 };
        return sutFor(run.variant, run.target, run.search, log);
      },
      oracle: viewerOracle(run, () => log) as never,
    }),
  };
}

export const ownerViewerModel: MachineModel = {
  name: 'ownerViewer',
  machine: ownerViewerMachine,
  source: 'src/machines/viewer/viewerMachine.ts',
  setupSource: 'src/machines/viewer/viewerSetup.ts',
  testFile: 'tests/machines/viewerMachine.test.ts',
  runs: [...runs.filter((r) => r.variant === 'owner').flatMap((r) => [viewerRun(r), viewerRun(r, true)]), ...approvalRuns('owner')],
  outOfReach: {
    states: ['notFound'],
    transitions: ['fetching xstate.error.actor.fetchProject#0', 'fetching (always)#0', '(root) xstate.done.actor.approval#0'],
    why: "the owner's viewer shares its config with the link's: a 404 for the owner is a load error, never the link's not-found screen; the owner never opens the sandbox, nor runs a link's approval",
  },
};

export const sharedViewerModel: MachineModel = {
  name: 'sharedViewer',
  machine: sharedViewerMachine,
  source: 'src/machines/viewer/viewerMachine.ts',
  setupSource: 'src/machines/viewer/viewerSetup.ts',
  testFile: 'tests/machines/viewerMachine.test.ts',
  runs: [...runs.filter((r) => r.variant === 'shared').flatMap((r) => [viewerRun(r), viewerRun(r, true)]), ...approvalRuns('shared')],
  outOfReach: {
    states: ['unauthorized', 'deleted'],
    transitions: ['fetching xstate.error.actor.fetchProject#1'],
    why: "a link's viewer shares its config with the owner's: a link needs no login (a 401 is a load error there), and a guest cannot delete the project",
  },
};
