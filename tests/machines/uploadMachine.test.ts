/**
 * Upload/update machine: model-based paths generated from the machine itself (every state
 * reached, the credit paths in full), run against the machine with fake token and socket actors,
 * and checked against rules written from SPEC §4 and the events played (the progress never goes
 * back, the dialog stays until the model is shown, the work ends at 100 %).
 */
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { createSut, modelPaths } from '../helpers/modelBased';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/api/schemas';
import { formatPercent } from '../../src/machines/upload/loadingProgress';
import { selectUploadDialog } from '../../src/machines/upload/uploadSelectors';
import { awaitsModelOf, projectNameOf, uploadMachine, uploadProgress, type SocketCommand, type SocketInput, type UploadEvent } from '../../src/machines/upload/uploadMachine';

const file = { name: 'Kitchen A.step', bytes: new Uint8Array([1, 2, 3]) };
const project = { id: 5, name: 'Kitchen A' } as unknown as Project;

function harness() {
  const commands: SocketCommand[] = [];
  const inputs: SocketInput[] = [];
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        secureToken: fromPromise(async () => 'token-1'),
        socket: fromCallback<SocketCommand, SocketInput>(({ input, receive }) => {
          inputs.push(input);
          receive((c) => commands.push(c));
          return () => {};
        }),
      },
    }),
  );
  actor.start();
  return { actor, commands, inputs };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

const events: UploadEvent[] = [
  { type: 'upload.create', file },
  { type: 'upload.update', projectId: 5, file },
  { type: 'socket.sent', fraction: 0.5 },
  { type: 'socket.status', progress: 0.25, activity: 'convert' },
  { type: 'socket.confirmCredit' },
  { type: 'upload.creditContinue' },
  { type: 'upload.creditCancel' },
  { type: 'socket.result', project },
  { type: 'socket.error', message: 'credit_usage_refused' },
  { type: 'socket.error', message: 'insufficient_credits' },
  { type: 'socket.error', message: 'The file is not a model this product reads.' },
  { type: 'socket.failure', message: 'WebSocket connection closed' },
  { type: 'upload.dismiss' },
  { type: 'upload.update', projectId: 5, file, loadsModel: true },
  { type: 'upload.modelClaimed', projectId: 5, loader: 'viewer-1' },
  { type: 'upload.modelProgress', projectId: 5, fraction: 0.5, message: 'loadingResources' },
  { type: 'upload.modelShown', projectId: 5 },
  { type: 'upload.modelReleased', projectId: 5, loader: 'viewer-1' },
];

/** Events after which the progress may start again from 0: a new upload, or one that ended without a result. */
const restarts = new Set(['upload.create', 'upload.update', 'upload.dismiss', 'upload.creditCancel', 'socket.error']);

/** What each path's system under test showed before the last event, and how its upload started. */
const history = new WeakMap<AnyActorRef, { progress: number; value: unknown; loading: boolean; loadsModel: boolean }>();

describe('upload machine (model-based)', () => {
  const commands: SocketCommand[][] = [];
  const inputs: SocketInput[][] = [];
  const { cases, reachedByModel, allStates } = modelPaths(uploadMachine, {
    events: (snapshot) =>
      snapshot.matches('requestingToken')
        ? [{ type: 'xstate.done.actor.secureToken', output: 'token-1' }, { type: 'xstate.error.actor.secureToken', error: new Error('401') }] as never
        : events,
    sut: () => {
      const c: SocketCommand[] = [];
      const i: SocketInput[] = [];
      commands.push(c);
      inputs.push(i);
      return createSut(uploadMachine, {
        promiseActors: ['secureToken'],
        provide: {
          actors: {
            socket: fromCallback<SocketCommand, SocketInput>(({ input, receive }) => {
              i.push(input);
              receive((command) => c.push(command));
              return () => {};
            }),
          },
        },
      });
    },
    check: (real, model, sut, event) => {
      expect(real.value).toEqual(model.value);
      const before = history.get(sut.actor) ?? { progress: 0, value: 'idle', loading: false, loadsModel: false };
      const was = (state: string) => JSON.stringify(before.value).includes(`"${state}"`) || before.value === state;
      const progress = uploadProgress(real.context);
      const loading = selectUploadDialog(real) === 'loading';
      // SPEC §4: one progress from 0 to 1 that never goes back while an upload runs.
      if (!restarts.has(event.type)) expect(progress).toBeGreaterThanOrEqual(before.progress);
      // The step's own message from the first moment; never "Initializing..." in an upload.
      if (loading) expect(real.context.message).not.toBe('initializing');
      let loadsModel = before.loadsModel;
      if ((event.type === 'upload.create' || event.type === 'upload.update') && real.hasTag('loading') && !before.loading) {
        loadsModel = event.type === 'upload.create' || event.loadsModel === true;
        expect(progress).toBe(0);
      }
      if (event.type === 'socket.result' && was('transferring')) {
        // A create opens the viewer and an update made in a viewer reloads it: the same dialog goes on
        // to the model load; an update from a card is over, at 100 %.
        expect(loading).toBe(loadsModel);
        if (!loadsModel) expect(progress).toBe(1);
        else expect(awaitsModelOf(real, 5)).toBe(true);
      }
      if (event.type === 'upload.modelProgress' && was('showingModel')) {
        expect(loading).toBe(true);
        expect(real.context.message).toBe('loadingResources');
        expect(progress).toBeGreaterThan(2 / 3);
        expect(progress).toBeLessThan(1);
      }
      if (event.type === 'upload.modelShown' && was('showingModel')) {
        expect(loading).toBe(false);
        expect(progress).toBe(1);
      }
      if (event.type === 'upload.modelReleased' && was('showingModel')) expect(loading).toBe(false);
      // The viewer that released the load and starts again at once takes it back: the dialog is there again.
      if (event.type === 'upload.modelClaimed' && was('done') && before.progress < 1 && real.context.project) expect(loading).toBe(true);
      history.set(sut.actor, { progress, value: real.value, loading, loadsModel });
      const c = commands.at(-1)!;
      const i = inputs.at(-1)!;
      if (event.type === ('xstate.done.actor.secureToken' as string)) {
        const request = i.at(-1)!.request;
        expect(request.secureToken).toBe('token-1');
        if (real.context.kind === 'create') expect(request).toMatchObject({ kind: 'create', projectName: 'Kitchen A', fileName: 'Kitchen A.step' });
        else expect(request).toMatchObject({ kind: 'setModel', projectId: 5 });
      }
      if (event.type === 'upload.creditContinue') expect(c.at(-1)).toEqual({ type: 'socket.answerCredit', result: true });
      if (event.type === 'upload.creditCancel') {
        expect(c.at(-1)).toEqual({ type: 'socket.answerCredit', result: false });
        expect(real.context.file).toBeNull();
      }
      if (real.matches('failed')) expect(real.context.error).toBeTruthy();
      if (real.matches('done')) expect(real.context.project).toBe(project);
      if (real.matches('idle')) expect(real.context.error).toBeNull();
    },
  });

  it('reaches every state of the machine', () => {
    expect(allStates.filter((s) => !reachedByModel.has(s))).toEqual([]);
  });

  for (const testCase of cases) it(testCase.name, () => testCase.execute());
});

describe('upload machine (examples)', () => {
  it('credit_usage_refused closes silently; insufficient_credits opens its dialog; other errors keep the server message', async () => {
    for (const [message, state] of [
      ['credit_usage_refused', 'idle'],
      ['insufficient_credits', 'insufficientCredits'],
      ['Unsupported file', 'failed'],
    ] as const) {
      const { actor } = harness();
      actor.send({ type: 'upload.update', projectId: 5, file });
      await settle();
      actor.send({ type: 'socket.error', message });
      expect(actor.getSnapshot().value).toBe(state);
      if (state === 'failed') expect(actor.getSnapshot().context.error).toBe('Unsupported file');
    }
  });

  it('reports progress across the three equal steps with two decimals, each step\'s end moving the bar', async () => {
    const { actor } = harness();
    actor.send({ type: 'upload.create', file });
    expect(actor.getSnapshot().context.message).toBe('uploading');
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    actor.send({ type: 'socket.sent', fraction: 0.5 });
    // Half the bytes: half of the upload step's own 95 %.
    expect(formatPercent(uploadProgress(actor.getSnapshot().context))).toBe('15.83 %');
    expect(actor.getSnapshot().context.message).toBe('uploading');
    actor.send({ type: 'socket.sent', fraction: 1 });
    expect(formatPercent(uploadProgress(actor.getSnapshot().context))).toBe('31.67 %');
    actor.send({ type: 'socket.status', progress: 0, activity: 'Reading the STEP file' });
    expect(formatPercent(uploadProgress(actor.getSnapshot().context))).toBe('33.33 %');
    actor.send({ type: 'socket.status', progress: 0.5, activity: 'convert' });
    expect(formatPercent(uploadProgress(actor.getSnapshot().context))).toBe('49.17 %');
    expect(actor.getSnapshot().context.message).toBe('converting');
    // The socket's last byte count, reported after the first status, does not take it back.
    actor.send({ type: 'socket.sent', fraction: 1 });
    expect(formatPercent(uploadProgress(actor.getSnapshot().context))).toBe('49.17 %');
    expect(actor.getSnapshot().context.message).toBe('converting');
    actor.send({ type: 'socket.result', project });
    expect(formatPercent(uploadProgress(actor.getSnapshot().context))).toBe('66.67 %');
    expect(actor.getSnapshot().context.message).toBe('loadingModel');
    actor.send({ type: 'upload.modelProgress', projectId: 5, fraction: 0.5, message: 'processingRenderModes' });
    expect(formatPercent(uploadProgress(actor.getSnapshot().context))).toBe('82.50 %');
    expect(actor.getSnapshot().context.message).toBe('processingRenderModes');
    actor.send({ type: 'upload.modelShown', projectId: 5 });
    expect(uploadProgress(actor.getSnapshot().context)).toBe(1);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
  });

  it('a whole create runs one increasing progress from 0 to 100 % with the dialog open at every step', async () => {
    const { actor } = harness();
    const seen: Array<{ progress: number; dialog: string; message: string }> = [];
    const record = () => {
      const s = actor.getSnapshot();
      seen.push({ progress: uploadProgress(s.context), dialog: selectUploadDialog(s), message: s.context.message });
    };
    const play = (event: UploadEvent) => {
      actor.send(event);
      record();
    };
    play({ type: 'upload.create', file });
    await settle();
    record();
    for (const fraction of [0.1, 0.6, 1]) play({ type: 'socket.sent', fraction });
    for (const progress of [0, 0.3, 0.8, 1]) play({ type: 'socket.status', progress, activity: 'convert' });
    play({ type: 'socket.result', project });
    // The viewer opens (it names itself), then reports its load; an engine phase may restart its own count.
    play({ type: 'upload.modelClaimed', projectId: 5, loader: 'viewer-1' });
    play({ type: 'upload.modelProgress', projectId: 5, fraction: 0.2, message: 'loadingModel' });
    play({ type: 'upload.modelProgress', projectId: 5, fraction: 0.7, message: 'loadingResources' });
    play({ type: 'upload.modelProgress', projectId: 5, fraction: 0.4, message: 'processingRenderModes' });
    play({ type: 'upload.modelShown', projectId: 5 });
    const progresses = seen.map((s) => s.progress);
    for (let i = 1; i < progresses.length; i++) expect(progresses[i]).toBeGreaterThanOrEqual(progresses[i - 1]);
    expect(progresses[0]).toBe(0);
    expect(progresses.at(-1)).toBe(1);
    // Each step's end moves the bar: no rest on 33.33 % or 66.67 % before the next step has begun.
    expect(progresses.filter((p) => formatPercent(p) === '33.33 %')).toHaveLength(1);
    expect(progresses.filter((p) => formatPercent(p) === '66.67 %')).toHaveLength(2);
    // One dialog from the first step to the model on screen, then none; never "Initializing..." in it.
    expect(seen.slice(0, -1).every((s) => s.dialog === 'loading')).toBe(true);
    expect(seen.at(-1)!.dialog).toBe('none');
    expect(seen.some((s) => s.message === 'initializing')).toBe(false);
    expect(seen.at(-2)!.message).toBe('processingRenderModes');
  });

  it('an update from a card ends at the result, at 100 %; one made in a viewer waits for the model', async () => {
    const card = harness();
    card.actor.send({ type: 'upload.update', projectId: 5, file });
    await settle();
    card.actor.send({ type: 'socket.status', progress: 1, activity: 'Saving' });
    expect(uploadProgress(card.actor.getSnapshot().context)).toBeLessThan(1);
    card.actor.send({ type: 'socket.result', project });
    expect(uploadProgress(card.actor.getSnapshot().context)).toBe(1);
    expect(selectUploadDialog(card.actor.getSnapshot())).toBe('none');

    const viewer = harness();
    viewer.actor.send({ type: 'upload.update', projectId: 5, file, loadsModel: true });
    await settle();
    viewer.actor.send({ type: 'socket.result', project });
    expect(selectUploadDialog(viewer.actor.getSnapshot())).toBe('loading');
    // A report about another project changes nothing.
    viewer.actor.send({ type: 'upload.modelShown', projectId: 6 });
    expect(selectUploadDialog(viewer.actor.getSnapshot())).toBe('loading');
    viewer.actor.send({ type: 'upload.modelShown', projectId: 5 });
    expect(selectUploadDialog(viewer.actor.getSnapshot())).toBe('none');
    expect(uploadProgress(viewer.actor.getSnapshot().context)).toBe(1);
  });

  it('a viewer that stops before the model is shown closes the dialog; stopped and started again at once, it keeps it', async () => {
    const { actor } = harness();
    actor.send({ type: 'upload.create', file });
    await settle();
    actor.send({ type: 'socket.result', project });
    actor.send({ type: 'upload.modelClaimed', projectId: 5, loader: 'viewer-1' });
    actor.send({ type: 'upload.modelReleased', projectId: 5, loader: 'viewer-1' });
    actor.send({ type: 'upload.modelClaimed', projectId: 5, loader: 'viewer-1' });
    expect(selectUploadDialog(actor.getSnapshot())).toBe('loading');
    actor.send({ type: 'upload.modelReleased', projectId: 5, loader: 'viewer-1' });
    expect(selectUploadDialog(actor.getSnapshot())).toBe('none');
    // Another viewer of the project, opened later, loads on its own.
    actor.send({ type: 'upload.modelClaimed', projectId: 5, loader: 'viewer-2' });
    expect(selectUploadDialog(actor.getSnapshot())).toBe('none');
  });

  it('an update whose viewer was left while it converted ends at its result', async () => {
    const { actor } = harness();
    actor.send({ type: 'upload.update', projectId: 5, file, loadsModel: true });
    await settle();
    actor.send({ type: 'socket.status', progress: 0.5, activity: 'convert' });
    const before = uploadProgress(actor.getSnapshot().context);
    actor.send({ type: 'upload.modelReleased', projectId: 5, loader: 'viewer-1' });
    expect(uploadProgress(actor.getSnapshot().context)).toBeGreaterThanOrEqual(before);
    actor.send({ type: 'socket.result', project });
    expect(selectUploadDialog(actor.getSnapshot())).toBe('none');
    expect(uploadProgress(actor.getSnapshot().context)).toBe(1);
  });

  it('a failed token request is a load error', async () => {
    const actor = createActor(uploadMachine.provide({ actors: { secureToken: fromPromise(async () => Promise.reject(new Error('401'))) } })).start();
    actor.send({ type: 'upload.create', file });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('names a project after its file', () => {
    expect(projectNameOf('Kitchen A.step')).toBe('Kitchen A');
    expect(projectNameOf('a:b*c.dxf')).toBe('a b c');
    expect(projectNameOf('.zip')).toBe('Untitled project');
    expect(projectNameOf(`${'x'.repeat(80)}.stp`)).toHaveLength(60);
  });
});
