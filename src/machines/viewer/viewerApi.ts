/** What the viewer's services are made from: the API calls the viewer makes, and the app's actors it works with. */
import type { ApprovalRequest, CommentReviewInput, CreatedItem, NoteAnchor, NoteStatus, Project, ProjectPatch, ReviewedComment, Revision, RevisionChanges, SharedProject } from '../../api/schemas';
import type { ReviewEvent } from '../../api/reviewEvents';
import type { ListenOptions } from '../../api/reviewClient';
import type { LinkQuote } from '../../api/quoteSchemas';
import type { MachiningFile } from '../../api/client';
import type { Estimate } from '../../model/cutting/estimate';
import type { MachiningList } from '../../model/machining/machiningList';
import type { QuoteSelection } from '../../model/quote/quoteOptions';
import type { KeyValueStorage } from '../storage/persisted';
import type { deleteMachine } from '../projects/deleteMachine';
import type { renameMachine } from '../projects/renameMachine';
import type { shareMachine } from '../projects/shareMachine';
import type { SessionActor, SettingsActor } from '../appActors';
import type { ModelLoadEvent as UploadModelEvent, UploadEmitted } from '../upload/uploadMachine';
import type { commentsMachine } from './notes/commentsMachine';
import type { hyperlinksMachine } from './notes/hyperlinksMachine';

/** The calls the viewer makes (the API client satisfies it). */
export interface ViewerApi {
  getProject(id: number): Promise<Project>;
  getSharedProject(accessKey: string): Promise<SharedProject>;
  patchProject(id: number, patch: ProjectPatch): Promise<void>;
  sharedLogoUrl(accessKey: string): string;
  listRevisions(id: number): Promise<Revision[]>;
  revisionChanges(id: number, from: number, to?: number): Promise<RevisionChanges>;
  restoreRevision(id: number, revision: number, consumeCredit: boolean, keepApproval?: boolean): Promise<Project>;
  /** The project as a .vok package. */
  exportVok(id: number): Promise<Blob>;
  /** The client approves a revision through the link. */
  approveRevision(accessKey: string, request: ApprovalRequest): Promise<SharedProject>;
  /** The client asks for changes to a revision through the link (after a note of theirs on it). */
  askForChanges(accessKey: string, request: ApprovalRequest): Promise<SharedProject>;
  /** The review's notes (comments with their pins, views, markups and threads). */
  listReviewedComments(ref: ProjectRef): Promise<ReviewedComment[]>;
  /** A note's view and markup (the list leaves them out). */
  readNoteAnchor(ref: ProjectRef, id: number): Promise<NoteAnchor>;
  createReviewComment(ref: ProjectRef, body: CommentReviewInput & { authorName: string; text: string }): Promise<CreatedItem>;
  setCommentStatus(ref: ProjectRef, id: number, status: NoteStatus): Promise<unknown>;
  linkRevisionChanges(accessKey: string, from: number): Promise<RevisionChanges>;
  /** Hears the live events of the owner's projects (null) or of a link until `signal` aborts or the stream ends. */
  listenToEvents(ref: { accessKey: string } | null, onEvent: (event: ReviewEvent) => void, signal: AbortSignal, options?: ListenOptions): Promise<void>;
  /** The presence socket's address of a project (a fresh secure token in the owner's). */
  presenceUrl(ref: ProjectRef): Promise<string>;
  /** The cost estimate on a link that offers it. */
  getEstimate(ref: { accessKey: string }, mode?: 'guillotine' | 'free', options?: QuoteSelection): Promise<Estimate>;
  /** The options a link offers (the client's quote). */
  getLinkOptions(accessKey: string): Promise<LinkQuote>;
  /** The machining of the current revision, and its files. */
  getMachining(ref: ProjectRef): Promise<MachiningList>;
  machiningFile(ref: ProjectRef, file: MachiningFile): Promise<Blob>;
}

export type ProjectRef = { id: number } | { accessKey: string };

/** The list's dialog machines, already bound to the API (from createProjectServices). */
export interface ProjectDialogMachines {
  rename: typeof renameMachine;
  delete: typeof deleteMachine;
  share: typeof shareMachine;
}

export interface ViewerServicesDeps {
  api: ViewerApi;
  projectMachines: ProjectDialogMachines;
  /** The comments and hyperlinks machines, already bound to the API. */
  content: { comments: typeof commentsMachine; hyperlinks: typeof hyperlinksMachine };
  /**
   * The app's upload actor: a model update made from any screen reaches the open viewer, and a
   * viewer hands it the load of the model it made (the upload's last step).
   */
  upload: {
    on(type: 'upload.updated', handler: (event: Extract<UploadEmitted, { type: 'upload.updated' }>) => void): { unsubscribe(): void };
    send(event: UploadModelEvent): void;
  };
  /** The user's settings: the engine follows the distance unit. */
  settings: Pick<SettingsActor, 'getSnapshot' | 'subscribe'>;
  /** The session: notes are written as its user, who may log in or out while a viewer is open. */
  session: Pick<SessionActor, 'getSnapshot' | 'subscribe'>;
  /** URL of the bundled sample model shown at /sandbox. */
  sandboxModelUrl: string;
  /** Where a link remembers the last revision this browser saw (in memory when absent). */
  storage?: KeyValueStorage;
}
