/**
 * Upload/update machine: model-based paths generated from the machine itself (every state
 * reached, the credit paths in full), run against the machine with fake token and socket actors.
 */
import { createActor, fromCallback, fromPromise } from 'xstate';
import { createSut, modelPaths } from '../helpers/modelBased';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/api/schemas';
import { formatPercent } from '../../src/machines/upload/loadingProgress';
import { projectNameOf, uploadMachine, uploadProgress, type SocketCommand, type SocketInput, type UploadEvent } from '../../src/machines/upload/uploadMachine';

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
];

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
    check: (real, model, _sut, event) => {
      expect(real.value).toEqual(model.value);
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

  it('reports progress across the three equal steps with two decimals', async () => {
    const { actor } = harness();
    actor.send({ type: 'upload.create', file });
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    actor.send({ type: 'socket.sent', fraction: 0.5 });
    expect(formatPercent(uploadProgress(actor.getSnapshot().context))).toBe('16.67 %');
    expect(actor.getSnapshot().context.message).toBe('uploading');
    actor.send({ type: 'socket.status', progress: 0.5, activity: 'convert' });
    expect(formatPercent(uploadProgress(actor.getSnapshot().context))).toBe('50.00 %');
    expect(actor.getSnapshot().context.message).toBe('converting');
    // The socket's last byte count, reported after the first status, does not take it back.
    actor.send({ type: 'socket.sent', fraction: 1 });
    expect(formatPercent(uploadProgress(actor.getSnapshot().context))).toBe('50.00 %');
    expect(actor.getSnapshot().context.message).toBe('converting');
    actor.send({ type: 'socket.result', project });
    expect(uploadProgress(actor.getSnapshot().context)).toBeCloseTo(2 / 3);
    expect(actor.getSnapshot().context.message).toBe('loadingModel');
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
