/** The upload/update machine's model: events, system under test, and the checks of its oracle (uploadOracle.ts). */
import { deepStrictEqual as same, ok } from 'node:assert/strict';
import { fromCallback } from 'xstate';
import type { Project } from '../../src/api/schemas';
import { selectUploadApprovedRevision, selectUploadDialog, selectUploadError, selectUploadMessage, selectUploadProgress } from '../../src/machines/upload/uploadSelectors';
import { uploadMachine, type SocketCommand, type SocketInput, type UploadEmitted, type UploadEvent } from '../../src/machines/upload/uploadMachine';
import { createSut, type Oracle, type Sut } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';
import { band, dialogOf, uploadOracle, type UploadExpected } from './uploadOracle';

const file = { name: 'Kitchen A.step', bytes: new Uint8Array([1, 2, 3]) };
const project = { id: 5, name: 'Kitchen A' } as unknown as Project;

export const uploadEvents: UploadEvent[] = [
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
  // The client approved revision 3, the current one: the owner is asked first.
  { type: 'upload.update', projectId: 5, file, approvedRevision: 3 },
  { type: 'upload.approvalChosen', keepApproval: false },
  { type: 'upload.approvalChosen', keepApproval: true },
  { type: 'upload.approvalCancel' },
  { type: 'upload.modelClaimed', projectId: 5, loader: 'viewer-1' },
  { type: 'upload.modelProgress', projectId: 5, fraction: 0.5, message: 'loadingResources' },
  { type: 'upload.modelShown', projectId: 5 },
  { type: 'upload.modelReleased', projectId: 5, loader: 'viewer-1' },
  // Another viewer, and another project: what the upload must ignore.
  { type: 'upload.modelReleased', projectId: 5, loader: 'viewer-2' },
  { type: 'upload.modelClaimed', projectId: 6, loader: 'viewer-2' },
  { type: 'upload.modelReleased', projectId: 6, loader: 'viewer-1' },
  { type: 'upload.modelShown', projectId: 6 },
  { type: 'upload.modelProgress', projectId: 6, fraction: 0.9, message: 'processingRenderModes' },
];

type UploadSut = Sut & { requests: SocketInput[]; commands: SocketCommand[]; announced: UploadEmitted[]; last: { progress: number } };

const checked: Oracle<UploadEvent, UploadExpected> = {
  ...uploadOracle,
  check(real, e, sut) {
    const s = sut as UploadSut;
    const snapshot = real as never;
    same(selectUploadDialog(snapshot), dialogOf(e), 'the dialog shown');
    if (dialogOf(e) === 'loading') same(selectUploadMessage(snapshot), e.message, 'the step message');
    if (dialogOf(e) === 'confirmApproval') same(selectUploadApprovedRevision(snapshot), e.approvedRevision, 'the approved revision asked about');
    const progress = selectUploadProgress(snapshot);
    if (e.exact !== null) same(progress, e.exact, 'the progress');
    else {
      const [lo, hi] = band(e);
      ok(progress >= lo && progress <= hi, `progress ${progress} within the ${e.step} step [${lo}, ${hi}]`);
      if (e.fraction > 0) ok(progress > lo, `progress ${progress} moved into the ${e.step} step`);
    }
    if (!e.restarted) ok(progress >= s.last.progress, `progress never goes back (${s.last.progress} -> ${progress})`);
    s.last.progress = progress;
    const error = selectUploadError(snapshot);
    if (e.error === 'token') ok(error !== null, 'a token failure is reported');
    else same(error, e.error, 'the error shown');
    same(
      s.requests.map(({ request }) => ({
        kind: request.kind,
        secureToken: request.secureToken,
        fileName: request.fileName,
        ...(request.kind === 'create' ? { projectName: request.projectName } : { projectId: request.projectId, keepApproval: request.keepApproval === true }),
      })),
      e.requests.map((r) => ({ kind: r.kind, secureToken: 'token-1', fileName: 'Kitchen A.step', ...(r.kind === 'create' ? { projectName: r.projectName } : { projectId: r.projectId, keepApproval: r.keepApproval }) })),
      'the socket requests',
    );
    same(s.commands, e.answers.map((result) => ({ type: 'socket.answerCredit', result })), 'the credit answers');
    same(s.announced, e.announced, 'the results announced');
    same(sut.pending.secureToken.length, e.value === 'requestingToken' ? 1 : 0, 'the token request in flight');
  },
};

function uploadSut(): UploadSut {
  const requests: SocketInput[] = [];
  const commands: SocketCommand[] = [];
  const sut = createSut(uploadMachine, {
    promiseActors: ['secureToken'],
    provide: {
      actors: {
        socket: fromCallback<SocketCommand, SocketInput>(({ input, receive }) => {
          requests.push(input);
          receive((command) => commands.push(command));
          return () => {};
        }),
      },
    },
  });
  const announced: UploadEmitted[] = [];
  sut.actor.on('*', (event: UploadEmitted) => void announced.push(event));
  return Object.assign(sut, { requests, commands, announced, last: { progress: 0 } });
}

export const uploadModel: MachineModel = {
  name: 'upload',
  machine: uploadMachine,
  source: 'src/machines/upload/uploadMachine.ts',
  testFile: 'tests/machines/uploadMachine.test.ts',
  runs: [
    {
      label: 'create and update',
      run: defineRun<UploadEvent>({
        events: (snapshot) =>
          snapshot.matches('requestingToken')
            ? ([{ type: 'xstate.done.actor.secureToken', output: 'token-1' }, { type: 'xstate.error.actor.secureToken', error: new Error('401') }] as never)
            : uploadEvents,
        // The machine raises `upload.creditRefused` itself, once the socket has the refusal: no page sends it.
        filterEvents: (_, event) => (event.type as string) !== 'upload.creditRefused',
        sut: uploadSut,
        oracle: checked as never,
      }),
    },
    {
      // Which viewer loads the model, and which one may release it, depends on what came before:
      // every simple path through a create's result and the viewers' claims and releases.
      label: "a created project's model load, every simple path",
      run: defineRun<UploadEvent>({
        events: (snapshot) =>
          snapshot.matches('requestingToken') ? ([{ type: 'xstate.done.actor.secureToken', output: 'token-1' }] as never) : uploadEvents,
        filterEvents: (_, event) =>
          (event.type as string) === 'xstate.done.actor.secureToken' ||
          event.type === 'upload.create' ||
          event.type === 'socket.result' ||
          (['upload.modelClaimed', 'upload.modelReleased', 'upload.modelShown'].includes(event.type) && (event as { projectId: number }).projectId === 5) ||
          // Another project's viewer claiming a load must not become this upload's loader.
          (event.type === 'upload.modelClaimed' && event.projectId === 6),
        paths: 'simple',
        sut: uploadSut,
        oracle: checked as never,
      }),
    },
    {
      // An update made in a viewer: only its own viewer going away drops the model load.
      label: 'an update in a viewer whose viewer goes away, every simple path',
      run: defineRun<UploadEvent>({
        events: (snapshot) =>
          snapshot.matches('requestingToken') ? ([{ type: 'xstate.done.actor.secureToken', output: 'token-1' }] as never) : uploadEvents,
        filterEvents: (_, event) =>
          (event.type as string) === 'xstate.done.actor.secureToken' ||
          (event.type === 'upload.update' && event.loadsModel === true) ||
          event.type === 'socket.result' ||
          (event.type === 'upload.modelReleased' && event.loader === 'viewer-1'),
        paths: 'simple',
        sut: uploadSut,
        oracle: checked as never,
      }),
    },
  ],
};
