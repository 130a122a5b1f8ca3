/**
 * The upload machine's paths a user and the real server can play through the list page: generated
 * from the machine (the same generation as its Node test) with the upload oracle
 * (tests/models/uploadOracle.ts), kept to the events the page or the server causes. The socket's
 * own chatter (bytes sent, conversion status) is left to the server, and each account gets the
 * answers its credits make the server give:
 * - a free account (credits, free updates): a new project or an update converts, or fails to;
 * - a paying account (no free update): an update asks to confirm the credit, then Continue or Cancel;
 * - an account with no credit left: a new project or an update is refused;
 * - a free account whose project's current revision the client approved: an update asks first
 *   (ask for approval again, keep the approval, or cancel).
 */
import type { EventObject } from 'xstate';
import type { Project } from '../src/api/schemas';
import { uploadMachine, type UploadEvent } from '../src/machines/upload/uploadMachine';
import { modelPaths, type Sut } from '../tests/helpers/modelBased';
import { pathId } from '../tests/helpers/pathIds';
import { uploadOracle, type UploadExpected } from '../tests/models/uploadOracle';

export type Account = 'free' | 'paying' | 'broke' | 'approved';
export const CONVERSION_FAILED = 'conversion failed';

const file = { name: 'Kitchen A.step', bytes: new Uint8Array([1]) };
const project = { id: 5, name: 'Kitchen A' } as unknown as Project;
const events = [
  { type: 'upload.create', file },
  { type: 'upload.update', projectId: 5, file },
  { type: 'socket.confirmCredit' },
  { type: 'upload.creditContinue' },
  { type: 'upload.creditCancel' },
  { type: 'socket.result', project },
  { type: 'socket.error', message: CONVERSION_FAILED },
  { type: 'socket.error', message: 'insufficient_credits' },
  { type: 'upload.dismiss' },
  { type: 'upload.modelShown', projectId: 5 },
  // The client approved revision 1, the current one.
  { type: 'upload.update', projectId: 5, file, approvedRevision: 1 },
  { type: 'upload.approvalChosen', keepApproval: false },
  { type: 'upload.approvalChosen', keepApproval: true },
  { type: 'upload.approvalCancel' },
] as UploadEvent[];

type Snapshot = { value: unknown; context: unknown };
const inState = (s: Snapshot, state: string) => s.value === state || JSON.stringify(s.value).includes(`"${state}"`);
const kindOf = (s: Snapshot) => (s.context as { kind: string }).kind;

/** What the server may answer in a state, for an account; and when the user may act. */
function allowed(account: Account, s: Snapshot, e: EventObject): boolean {
  const converting = inState(s, 'converting');
  const uploading = inState(s, 'uploading');
  switch (e.type) {
    case 'upload.create':
      return inState(s, 'idle') && account !== 'paying' && account !== 'approved';
    case 'upload.update':
      // The list knows the approval: an approved project's update names its approved revision.
      return inState(s, 'idle') && ((e as EventObject & { approvedRevision?: number }).approvedRevision !== undefined) === (account === 'approved');
    case 'upload.approvalChosen':
    case 'upload.approvalCancel':
      return inState(s, 'confirmingApproval');
    case 'xstate.done.actor.secureToken':
      return true;
    case 'socket.confirmCredit':
      return account === 'paying' && uploading && kindOf(s) === 'update';
    case 'upload.creditContinue':
    case 'upload.creditCancel':
      return inState(s, 'confirmingCredit');
    case 'socket.result':
      return account === 'free' || account === 'approved' ? uploading || converting : account === 'paying' ? converting : false;
    case 'socket.error': {
      const message = (e as EventObject & { message?: string }).message;
      if (message === 'insufficient_credits') return account === 'broke' && uploading;
      return account === 'free' || account === 'approved' ? uploading || converting : account === 'paying' ? converting : false;
    }
    case 'upload.modelShown':
      return inState(s, 'showingModel');
    case 'upload.dismiss':
      return inState(s, 'failed') || inState(s, 'insufficientCredits');
    default:
      return false;
  }
}

export interface UiStep {
  event: EventObject & { message?: string };
  expected: UploadExpected;
}
export interface UiPath {
  /** Stable id from the account and the path's events (`npm run qa -- --machine upload --path ID --ui`). */
  id: string;
  account: Account;
  name: string;
  steps: UiStep[];
}

/** The paths of one account, without those that are the start of another (played within it). */
function pathsOf(account: Account): UiPath[] {
  const { cases } = modelPaths(uploadMachine, {
    events: (snapshot) => (snapshot.matches('requestingToken') ? ([{ type: 'xstate.done.actor.secureToken', output: 'token-1' }] as never) : events),
    filterEvents: (snapshot, event) => allowed(account, snapshot, event),
    // The owner's choice on an approved project is part of where a path stands (the server answers each its own way).
    serializeState: (s) => JSON.stringify([s.value, kindOf(s), (s.context as { keepApproval?: boolean }).keepApproval ?? false]),
    sut: () => ({}) as Sut,
    oracle: uploadOracle as never,
  });
  const all = cases.map((c) => ({
    id: pathId([{ type: `account.${account}` }, ...c.steps.map((s) => s.event)]),
    account,
    name: c.name,
    steps: c.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => ({ event: s.event, expected: s.expected as UploadExpected })),
  }));
  const key = (p: UiPath) => p.steps.map((s) => JSON.stringify(s.event));
  const isStartOf = (a: UiPath, b: UiPath) => a !== b && key(a).length < key(b).length && key(a).every((k, i) => k === key(b)[i]);
  const unique = all.filter((p, i) => all.findIndex((q) => key(q).join() === key(p).join()) === i);
  return unique.filter((p) => !unique.some((q) => isStartOf(p, q)));
}

export const uploadUiPaths: UiPath[] = (['free', 'paying', 'broke', 'approved'] as const).flatMap(pathsOf);

/** The paths this run plays: one, when `QA_PATH` names its id (`npm run qa -- --machine upload --path ID --ui`). */
export const uiPathsToPlay = (wanted = process.env.QA_PATH): UiPath[] => (wanted ? uploadUiPaths.filter((p) => p.id === wanted) : uploadUiPaths);

/** A state the page stays in until the user acts (the others the server leaves by itself). */
export const isStable = (e: UploadExpected) =>
  ['idle', 'done', 'failed', 'insufficientCredits', 'confirmingApproval'].includes(e.value as string) || JSON.stringify(e.value).includes('confirmingCredit');

