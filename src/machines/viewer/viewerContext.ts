/** The viewer machine's input, context and events (viewerMachine.ts). */
import type { ActorRefFrom } from 'xstate';
import type { Project, SharedProject, UserInfo } from '../../api/schemas';
import type { approvalMachine } from './review/approvalMachine';
import type { commentsMachine } from './notes/commentsMachine';
import type { ViewerParams } from './load/filterParams';
import type { hyperlinksMachine } from './notes/hyperlinksMachine';
import type { noticeMachine } from './tools/noticeMachine';
import type { reviewMachine } from './review/reviewMachine';
import type { linkChangesMachine } from './review/linkChangesMachine';
import type { ShownRevision } from './owner/revisionsMachine';
import type { viewerToolsMachine } from './tools/viewerToolsMachine';
import type { LeftPanel, LoadError, LoadedProject, LoadTarget, ModelLoadEvent } from './load/viewerLoad';
import type { LoadProgress, ModelInfo } from './viewerTypes';

export interface ViewerInput {
  target: LoadTarget;
  /** The viewer's query parameters (`filter`, `noMoveCamera`, `noFlash`). */
  params: ViewerParams;
  /** Who writes comments and hyperlinks from this screen. */
  author: { name: string; avatarUrl: string };
  /** The name notes of a visitor who is not logged in carry, in the user's language. */
  guestName?: string;
  /** A link's hierarchy opens by itself when allowed and the window is large enough (SPEC §2). */
  hierarchyOpensByItself?: boolean;
  /** The hierarchy search the address carries (its hash, SPEC §2): where the project shows the hierarchy, it opens with it. */
  searchText?: string;
  /** The project was just uploaded: its model load is the third step of the upload's progress. */
  afterUpload?: boolean;
}

export type ToolsRef = ActorRefFrom<typeof viewerToolsMachine>;
export type NoticeRef = ActorRefFrom<typeof noticeMachine>;
export type CommentsRef = ActorRefFrom<typeof commentsMachine>;
export type HyperlinksRef = ActorRefFrom<typeof hyperlinksMachine>;
export type ApprovalRef = ActorRefFrom<typeof approvalMachine>;
export type ReviewRef = ActorRefFrom<typeof reviewMachine>;
export type LinkChangesRef = ActorRefFrom<typeof linkChangesMachine>;

export interface ViewerContext {
  target: LoadTarget;
  params: ViewerParams;
  author: ViewerInput['author'];
  guestName: string;
  hierarchyOpensByItself: boolean;
  /** The address's hierarchy search when the screen opened ('' without one). */
  searchText: string;
  /** The model being loaded is the third step of an upload (SPEC §4): the progress goes on from 2/3. */
  afterUpload: boolean;
  loaded: LoadedProject | null;
  progress: LoadProgress | null;
  model: ModelInfo | null;
  error: LoadError | null;
  leftPanel: LeftPanel | null;
  /** An older revision shown read-only instead of the current one (owner). */
  shownRevision: ShownRevision | null;
  /** The URL's filter steps were handed to the notice child (once, on the first model). */
  filterApplied: boolean;
  notice: NoticeRef;
  /** Spawned once the project is known (its permissions decide what they offer). */
  tools: ToolsRef | null;
  comments: CommentsRef | null;
  hyperlinks: HyperlinksRef | null;
  /** A link's approval, while the link offers it (until the client approved). */
  approval: ApprovalRef | null;
  /** The review's pinned notes, where the comments are visible (not in the sandbox). */
  review: ReviewRef | null;
  /** A link: what changed since this browser's last visit. */
  linkChanges: LinkChangesRef | null;
}

export type ViewerEvent =
  | ModelLoadEvent
  | { type: 'viewer.leftPanel'; panel: LeftPanel | null }
  /** A click in the hierarchy (or, framing it, in the link's change list): ends the URL's steps and selects the part. */
  | { type: 'viewer.treeSelect'; partId: string; frame?: boolean }
  /**
   * The project has a new current model: load it. `fromUpload`: an upload made it, and loading it is
   * that upload's last step (its dialog shows the load); a restored revision has no upload.
   */
  | { type: 'viewer.modelUpdated'; project: Project; fromUpload?: boolean }
  /** Show an older revision read-only, or the current one again (null). */
  | { type: 'viewer.showRevision'; revision: ShownRevision | null }
  /** The session's user changed (a guest logged in, a user logged out): notes are written as them. */
  | { type: 'viewer.user'; user: UserInfo }
  /** Live (another browser): a note was written, resolved or reopened. */
  | { type: 'viewer.liveNote' }
  /** Live: the project as the server has it now, after a decision or a new current revision. */
  | { type: 'viewer.liveProject'; project: Project | SharedProject };
