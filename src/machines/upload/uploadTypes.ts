/** The upload machine's vocabulary: its events, the socket's, what it emits, its context. */
import type { Project } from '../../api/schemas';
import type { UploadRequest } from '../../api/uploadSocket';
import type { LoadingMessage, LoadingStep, ModelLoadMessage } from './loadingProgress';

export type UploadKind = 'create' | 'update';

/** `context.error` when the secure token could not be obtained. */
export const SECURE_TOKEN_FAILED = 'secure_token_failed';

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
}

/** Events the socket actor sends back to the machine. */
export type SocketEvent =
  | { type: 'socket.sent'; fraction: number }
  /** `at`: when it arrived (ms, the page's clock), for the time left. */
  | { type: 'socket.status'; progress: number; activity: string; at?: number }
  | { type: 'socket.confirmCredit' }
  | { type: 'socket.result'; project: Project }
  | { type: 'socket.error'; message: string }
  | { type: 'socket.failure'; message: string };

/** Events the machine sends to the socket actor. */
export type SocketCommand = { type: 'socket.answerCredit'; result: boolean };

export type UploadEvent =
  /** The page's clock while the conversion runs (ms, as a status's `at`). */
  | { type: 'upload.clock'; at: number }
  | { type: 'upload.create'; file: UploadFile }
  /**
   * `loadsModel`: a viewer loads the new model next (the third step); from a card nothing does.
   * `approvedRevision`: the client approved the project's current revision (that number): the owner
   * chooses first between asking for approval again and keeping it.
   */
  | { type: 'upload.update'; projectId: number; file: UploadFile; loadsModel?: boolean; approvedRevision?: number | null }
  /** The approved revision stops being current: ask the client again (false) or keep the approval (true). */
  | { type: 'upload.approvalChosen'; keepApproval: boolean }
  | { type: 'upload.approvalCancel' }
  | { type: 'upload.creditContinue' }
  | { type: 'upload.creditCancel' }
  /** Raised by the machine once the socket has the refusal of the credit: then the upload ends. */
  | { type: 'upload.creditRefused' }
  | { type: 'upload.dismiss' }
  /** The upload the last page was doing when it went away (read from browser storage when the app starts). */
  | { type: 'upload.interrupted'; upload: InterruptedUpload }
  /** The notice of an upload a reload stopped was read (or the user chose not to start again). */
  | { type: 'upload.interruptedSeen' }
  | ModelLoadEvent
  | SocketEvent;

/**
 * What a viewer tells the upload about the model load that follows it: `loader` names the viewer
 * (the same across a stop and restart of that viewer); `fraction` is the load's own, 0..1.
 */
export type ModelLoadEvent =
  | { type: 'upload.modelClaimed'; projectId: number; loader: string }
  | { type: 'upload.modelProgress'; projectId: number; fraction: number; message: ModelLoadMessage }
  | { type: 'upload.modelShown'; projectId: number }
  | { type: 'upload.modelReleased'; projectId: number; loader: string };

/** What the machine emits when the server answered with the project. */
export type UploadEmitted = { type: 'upload.created'; project: Project } | { type: 'upload.updated'; project: Project };

export interface UploadContext {
  kind: UploadKind;
  /** A model load follows the result (a create opens the viewer, an update made in a viewer reloads it). */
  loadsModel: boolean;
  file: UploadFile | null;
  projectId: number | null;
  step: LoadingStep;
  /** The step's own progress, 0..1 (the step's end is the next step's start). */
  stepFraction: number;
  /** The overall progress shown, 0..1: it never goes back, and is 1 once the work is over. */
  progress: number;
  message: LoadingMessage;
  /** The viewer that loads the model (`showingModel`), and the one that released it before it was shown. */
  loader: string | null;
  releasedBy: string | null;
  /** The conversion's last activity as the server named it (conversionActivity.ts). */
  activity: string | null;
  /**
   * When the first and the last conversion status arrived, the progress of the first, and the
   * page's clock since (`now`, from `upload.clock`: the time left counts down between statuses).
   */
  convertTiming: { startedAt: number; startProgress: number; lastAt: number; now?: number } | null;
  project: Project | null;
  error: string | null;
  /** The approved current revision of the project updated (the owner is asked first), or null. */
  approvedRevision: number | null;
  /** The update keeps the client's approval (the socket opened with `?approval=keep`). */
  keepApproval: boolean;
  /** An upload the page's reload stopped, to say so (until seen or another upload starts). */
  interrupted: InterruptedUpload | null;
}

/** An upload that was going up or converting when the page went away: what it was, to say so after a reload. */
export interface InterruptedUpload {
  kind: UploadKind;
  fileName: string;
  /** The project an update was for (null for a create). */
  projectId: number | null;
}

export interface SocketInput {
  request: UploadRequest;
}

export const initialContext: UploadContext = {
  kind: 'create',
  loadsModel: true,
  file: null,
  projectId: null,
  step: 'upload',
  stepFraction: 0,
  progress: 0,
  // The upload starts at once (the token request is its first move): its own message from the start.
  message: 'uploading',
  loader: null,
  releasedBy: null,
  activity: null,
  convertTiming: null,
  project: null,
  error: null,
  approvedRevision: null,
  keepApproval: false,
  interrupted: null,
};

