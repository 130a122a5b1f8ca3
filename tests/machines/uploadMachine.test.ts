/**
 * Upload/update machine: model-based paths (every state and transition of the real actor, the
 * credit paths in full) run against the machine with fake token and socket actors, each step
 * checked by the oracle of tests/models/uploadOracle.ts written from SPEC §4 and §8; plus examples.
 */
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { modelTests } from '../helpers/modelTests';
import { uploadModel } from '../models/upload';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/api/schemas';
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

modelTests(uploadModel);

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
    expect(uploadProgress(actor.getSnapshot().context) * 100).toBeCloseTo(15.83, 2);
    expect(actor.getSnapshot().context.message).toBe('uploading');
    actor.send({ type: 'socket.sent', fraction: 1 });
    expect(uploadProgress(actor.getSnapshot().context) * 100).toBeCloseTo(31.67, 2);
    actor.send({ type: 'socket.status', progress: 0, activity: 'Reading the STEP file' });
    expect(uploadProgress(actor.getSnapshot().context) * 100).toBeCloseTo(33.33, 2);
    actor.send({ type: 'socket.status', progress: 0.5, activity: 'convert' });
    expect(uploadProgress(actor.getSnapshot().context) * 100).toBeCloseTo(49.17, 2);
    expect(actor.getSnapshot().context.message).toBe('converting');
    // The socket's last byte count, reported after the first status, does not take it back.
    actor.send({ type: 'socket.sent', fraction: 1 });
    expect(uploadProgress(actor.getSnapshot().context) * 100).toBeCloseTo(49.17, 2);
    expect(actor.getSnapshot().context.message).toBe('converting');
    actor.send({ type: 'socket.result', project });
    expect(uploadProgress(actor.getSnapshot().context) * 100).toBeCloseTo(66.67, 2);
    expect(actor.getSnapshot().context.message).toBe('loadingModel');
    actor.send({ type: 'upload.modelProgress', projectId: 5, fraction: 0.5, message: 'processingRenderModes' });
    expect(uploadProgress(actor.getSnapshot().context) * 100).toBeCloseTo(82.50, 2);
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
    expect(progresses.filter((p) => Math.abs(p * 100 - 33.33) < 0.005)).toHaveLength(1);
    expect(progresses.filter((p) => Math.abs(p * 100 - 66.67) < 0.005)).toHaveLength(2);
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
