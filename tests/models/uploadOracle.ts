/**
 * The upload/update oracle, from SPEC §4 "Model upload or update progress", "Updating a model",
 * "Loading errors" and §8: three equal steps (upload, convert, load model) when a model load
 * follows (a create, or an update made in a viewer), two when nothing loads after (an update from
 * a card); one progress from 0 to 1 that never goes back; the credit question answered true or
 * false; credit_usage_refused closes silently, insufficient_credits opens its dialog, any other
 * error the load-error dialog with the server's message passed through.
 * Issue 29's approval rule: an update of a project whose current revision the client approved asks
 * the owner first, before anything is sent; asking again opens the socket as before (the server
 * moves the project back to Pending approval), keeping it opens the socket with the approval kept;
 * Cancel sends nothing and closes the question.
 */
import type { Project } from '../../src/api/schemas';
import type { UploadEmitted, UploadEvent } from '../../src/machines/upload/uploadMachine';
import type { Expected, Oracle } from '../helpers/modelBased';

type Step = 'upload' | 'convert' | 'load';
export type Dialog = 'none' | 'confirmApproval' | 'loading' | 'confirmCredit' | 'insufficientCredits' | 'failed';

export interface UploadExpected extends Expected {
  kind: 'create' | 'update' | null;
  loadsModel: boolean;
  projectId: number | null;
  project: Project | null;
  step: Step;
  fraction: number;
  /** The progress is exactly this, when the oracle knows it (0 at a start, 1 at the end). */
  exact: number | null;
  /** The progress may start again from 0 after this step (a new upload, or one that ended without a result). */
  restarted: boolean;
  message: string;
  loader: string | null;
  releasedBy: string | null;
  /** The message of the failure shown; `token` when the secure token could not be had. */
  error: string | null;
  /** Socket requests opened so far (kind, name, project). */
  requests: Record<string, unknown>[];
  answers: boolean[];
  announced: UploadEmitted[];
  /** The approved revision the owner is asked about, and what they chose. */
  approvedRevision: number | null;
  keepApproval: boolean;
}

export const dialogOf = (e: UploadExpected): Dialog => {
  const v = JSON.stringify(e.value);
  if (v.includes('confirmingApproval')) return 'confirmApproval';
  if (v.includes('confirmingCredit')) return 'confirmCredit';
  if (v.includes('requestingToken') || v.includes('transferring') || v.includes('showingModel')) return 'loading';
  if (e.value === 'insufficientCredits' || e.value === 'failed') return e.value;
  return 'none';
};

/** The band of the whole progress the current step covers. */
export function band(e: UploadExpected): [number, number] {
  const steps: Step[] = e.loadsModel ? ['upload', 'convert', 'load'] : ['upload', 'convert'];
  const i = steps.indexOf(e.step);
  return i < 0 ? [1, 1] : [i / steps.length, (i + 1) / steps.length];
}

const fresh = (loadsModel = true): Omit<UploadExpected, 'value' | 'effects' | 'requests' | 'answers' | 'announced'> => ({
  kind: null,
  loadsModel,
  projectId: null,
  project: null,
  step: 'upload',
  fraction: 0,
  exact: 0,
  restarted: true,
  message: 'uploading',
  loader: null,
  releasedBy: null,
  error: null,
  approvedRevision: null,
  keepApproval: false,
});

const isIn = (e: UploadExpected, state: string) => e.value === state || JSON.stringify(e.value).includes(`"${state}"`);

export const uploadOracle: Oracle<UploadEvent, UploadExpected> = {
  initial: () => ({ value: 'idle', effects: [], ...fresh(), requests: [], answers: [], announced: [] }),
  next(e, event) {
    const type = event.type as string;
    const base: UploadExpected = { ...e, effects: [], restarted: false };
    const reset = (effects: string[]): UploadExpected => ({ ...base, ...fresh(), value: 'idle', effects });
    const idleLike = e.value === 'idle' || e.value === 'showingModel' || e.value === 'done';
    if (idleLike && event.type === 'upload.create') {
      return { ...base, ...fresh(true), value: 'requestingToken', kind: 'create', effects: ['loading dialog at 0 %, Upload in progress...'] };
    }
    if (idleLike && event.type === 'upload.update') {
      const loadsModel = event.loadsModel === true;
      const update = { ...base, ...fresh(loadsModel), kind: 'update' as const, projectId: event.projectId };
      if (typeof event.approvedRevision === 'number') {
        const approved = event.approvedRevision;
        return { ...update, value: 'confirmingApproval', approvedRevision: approved, effects: [`Revision ${approved} is approved: ask again, keep, or cancel (nothing sent)`] };
      }
      return { ...update, value: 'requestingToken', effects: ['loading dialog at 0 %'] };
    }
    if (e.value === 'confirmingApproval') {
      if (event.type === 'upload.approvalChosen') {
        return { ...base, value: 'requestingToken', keepApproval: event.keepApproval, effects: [event.keepApproval ? 'keeps the approval' : 'asks for approval again', 'loading dialog at 0 %'] };
      }
      if (event.type === 'upload.approvalCancel') return reset(['question closed; nothing sent']);
    }
    if (e.value === 'requestingToken') {
      if (type === 'xstate.done.actor.secureToken') {
        const request =
          e.kind === 'create' ? { kind: 'create', projectName: 'Kitchen A', fileName: 'Kitchen A.step' } : { kind: 'setModel', projectId: e.projectId, keepApproval: e.keepApproval };
        return { ...base, value: { transferring: 'uploading' }, requests: [...e.requests, request], effects: [`socket opened: ${JSON.stringify(request)}`] };
      }
      if (type === 'xstate.error.actor.secureToken') return { ...base, value: 'failed', error: 'token', exact: null, effects: ['load-error dialog'] };
    }
    if (isIn(e, 'transferring')) {
      const sub = (e.value as { transferring: string }).transferring;
      const at = (step: Step, fraction: number, message: string, value = e.value): UploadExpected => ({ ...base, value, step, fraction, message, exact: null });
      if (event.type === 'socket.sent' && sub === 'uploading') return at('upload', event.fraction, 'uploading');
      if (event.type === 'socket.status' && sub !== 'confirmingCredit') return at('convert', event.progress, 'converting', { transferring: 'converting' });
      if (event.type === 'socket.confirmCredit') return { ...base, value: { transferring: 'confirmingCredit' }, effects: ['Confirm credit usage dialog'] };
      if (event.type === 'upload.creditContinue' && sub === 'confirmingCredit') {
        return { ...base, value: { transferring: 'converting' }, answers: [...e.answers, true], effects: ['answers true'] };
      }
      if (event.type === 'upload.creditCancel' && sub === 'confirmingCredit') return { ...reset(['answers false; loading cleared']), answers: [...e.answers, false] };
      if (event.type === 'socket.result') {
        const announced = [...e.announced, { type: e.kind === 'create' ? 'upload.created' : 'upload.updated', project: event.project } as UploadEmitted];
        const effects = [`${announced.at(-1)!.type} ${event.project.id}`];
        if (e.loadsModel) return { ...at('load', 0, 'loadingModel', 'showingModel'), project: event.project, announced, effects: [...effects, 'Loading model...'] };
        return { ...base, value: 'done', project: event.project, announced, exact: 1, effects: [...effects, 'dialog closes at 100 %'] };
      }
      if (event.type === 'upload.modelReleased' && e.kind === 'update' && e.loadsModel && event.projectId === e.projectId) {
        return { ...base, loadsModel: false, exact: null, effects: ['viewer gone: nothing loads after this update'] };
      }
      if (event.type === 'socket.error') {
        if (event.message === 'credit_usage_refused') return reset(['dialog closes silently']);
        if (event.message === 'insufficient_credits') return { ...base, value: 'insufficientCredits', error: event.message, exact: null, effects: ['missing-credits dialog'] };
        return { ...base, value: 'failed', error: event.message, exact: null, effects: [`load-error dialog: ${event.message}`] };
      }
      if (event.type === 'socket.failure') return { ...base, value: 'failed', error: event.message, exact: null, effects: [`load-error dialog: ${event.message}`] };
    }
    const ours = 'projectId' in event && event.projectId === e.project?.id;
    if (e.value === 'showingModel') {
      if (event.type === 'upload.modelClaimed' && ours) return { ...base, loader: event.loader, releasedBy: null };
      if (event.type === 'upload.modelProgress' && ours) return { ...base, fraction: event.fraction, message: event.message, exact: null };
      if (event.type === 'upload.modelShown' && ours) return { ...base, value: 'done', exact: 1, effects: ['model on screen: dialog closes at 100 %'] };
      if (event.type === 'upload.modelReleased' && ours && (e.loader === null || e.loader === event.loader)) {
        return { ...base, value: 'done', releasedBy: event.loader, loader: null, effects: ['viewer stopped: dialog closes'] };
      }
    }
    if (e.value === 'done' && event.type === 'upload.modelClaimed' && ours && e.releasedBy === event.loader && e.exact !== 1) {
      return { ...base, value: 'showingModel', loader: event.loader, releasedBy: null, effects: ['the same viewer is back: dialog again'] };
    }
    const dismissable = ['showingModel', 'done', 'insufficientCredits', 'failed'];
    if (event.type === 'upload.dismiss' && dismissable.includes(e.value as string)) return reset(['dialog closed']);
    return base;
  },
  check: () => {},
};
