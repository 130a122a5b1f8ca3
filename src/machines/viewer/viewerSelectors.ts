/** Selectors the viewer views read the viewer machines through. */
import type { presenceMachine } from './live/presenceMachine';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { deleteMachine } from '../projects/deleteMachine';
import type { renameMachine } from '../projects/renameMachine';
import type { shareMachine } from '../projects/shareMachine';
import type { ownerProjectMachine } from './owner/ownerProjectMachine';
import type { revisionsMachine } from './owner/revisionsMachine';
import { LOAD_MESSAGES, type ownerViewerMachine } from './viewerMachine';
import { modelUrlOf } from './viewerSetup';
import { allowedPanels, allowedRenderModes, type viewerToolsMachine } from './tools/viewerToolsMachine';
import { TOOL_PANELS, type PartNode, type ToolPanel } from './viewerTypes';

type LoadSnapshot = SnapshotFrom<typeof ownerViewerMachine>;
type ToolsSnapshot = SnapshotFrom<typeof viewerToolsMachine>;

type LoadView = 'loading' | 'ready' | 'notFound' | 'failed' | 'unauthorized';

export function selectLoadView(s: LoadSnapshot): LoadView {
  if (s.matches({ open: 'ready' })) return 'ready';
  if (s.matches('notFound')) return 'notFound';
  if (s.matches('failed')) return 'failed';
  if (s.matches('unauthorized')) return 'unauthorized';
  return 'loading';
}

export const selectLoaded = (s: LoadSnapshot) => s.context.loaded;
/** The model URL while the model is being loaded (known before the engine is), else null. */
export const selectLoadingModelUrl = (s: LoadSnapshot): string | null => (s.matches({ open: 'loadingModel' }) ? modelUrlOf(s.context) || null : null);
export const selectModel = (s: LoadSnapshot) => s.context.model;
/** The revision's poster, shown over the canvas until the model's first frame; null when there is none. */
export const selectPosterUrl = (s: LoadSnapshot): string | null =>
  s.matches({ open: 'ready' }) ? null : s.context.loaded?.project.thumbnailUrl || null;
export const selectLoadError = (s: LoadSnapshot) => s.context.error;

/** The loading dialog's message and progress (SPEC §4 loading steps) for a load of the viewer's own. */
export function selectLoadStep(s: LoadSnapshot): { message: 'initializing' | 'loadingModel' | 'loadingResources' | 'processingRenderModes'; progress: number } {
  const progress = s.context.progress;
  if (!s.matches({ open: 'loadingModel' }) || !progress) {
    return { message: s.matches({ open: 'loadingModel' }) ? 'loadingModel' : 'initializing', progress: 0 };
  }
  return { message: LOAD_MESSAGES[progress.phase], progress: Math.min(progress.overall, 0.9999) };
}

/** The model being loaded is an upload's last step: the upload's dialog shows it, from the first byte to the model on screen. */
export const selectLoadShownByUpload = (s: LoadSnapshot): boolean => s.context.afterUpload;

/** The open right panel, or null. */
export function selectOpenPanel(s: ToolsSnapshot): ToolPanel | null {
  return TOOL_PANELS.find((panel) => s.matches({ panel })) ?? null;
}

export const selectRenderMode = (s: ToolsSnapshot) => s.context.renderMode;
export const selectExplode = (s: ToolsSnapshot) => s.context.explode;
export const selectAllowedModes = (s: ToolsSnapshot) => allowedRenderModes(s.context.permissions);
export const selectAllowedPanels = (s: ToolsSnapshot) => allowedPanels(s.context.permissions);
export const selectClipping = (s: ToolsSnapshot) => s.context.clipping;
export const selectMeasurement = (s: ToolsSnapshot) => s.context.measurement;
export const selectCameraView = (s: ToolsSnapshot) => s.context.cameraView;
export const selectSelectedId = (s: ToolsSnapshot) => s.context.selectedId;
export const selectBadge = (s: ToolsSnapshot) => s.context.badge;
export const selectDataSheetShown = (s: ToolsSnapshot) => s.matches({ dataSheet: 'shown' });
export const selectFullScreen = (s: ToolsSnapshot) => s.context.fullScreen;

/** The selected part's node, looked up in the loaded model. */
export function selectedPart(tools: ToolsSnapshot, load: LoadSnapshot): PartNode | null {
  const id = tools.context.selectedId;
  return id === null ? null : (load.context.model?.tree.nodes[id] ?? null);
}

type OwnerSnapshot = SnapshotFrom<typeof ownerProjectMachine>;

/** The owner's open dialogs and share panel: the children the project actions run. */
export const selectRenameChild = (s: OwnerSnapshot) => s.children.rename as ActorRefFrom<typeof renameMachine> | undefined;
export const selectDeleteChild = (s: OwnerSnapshot) => s.children.delete as ActorRefFrom<typeof deleteMachine> | undefined;
export const selectShareChild = (s: OwnerSnapshot) => s.children.share as ActorRefFrom<typeof shareMachine> | undefined;

/** The owner's project actor of an owner viewer (running once the project is read). */
export const selectOwnerChild = (s: LoadSnapshot) => s.children.owner as ActorRefFrom<typeof ownerProjectMachine> | undefined;
export const selectTools = (s: LoadSnapshot) => s.context.tools;
export const selectLeftPanel = (s: LoadSnapshot) => s.context.leftPanel;

/** The presence actor of the screen (owner and link; none in the sandbox or before the project is read). */
export const selectPresenceChild = (s: LoadSnapshot) => s.children.presence as ActorRefFrom<typeof presenceMachine> | undefined;

export const selectRevisionsChild = (s: LoadSnapshot) => s.children.revisions as ActorRefFrom<typeof revisionsMachine> | undefined;
export const selectShownRevision = (s: LoadSnapshot) => s.context.shownRevision;

/** A link's approval actor while the link offers approval (null once approved or where it does not apply). */
export const selectApproval = (s: LoadSnapshot) => s.context.approval;
/** The project a guest sees through the link, or null. */
export const selectGuestProject = (s: LoadSnapshot) => (s.context.loaded?.kind === 'guest' ? s.context.loaded.project : null);

export const selectMeasureKind = (s: ToolsSnapshot) => s.context.measureKind;
export const selectWorkshop = (s: ToolsSnapshot) => s.context.workshop;
export const selectSectionBox = (s: ToolsSnapshot) => s.context.sectionBox;
export const selectLengthFormat = (s: ToolsSnapshot) => s.context.lengthFormat;
export const selectHasSelection = (s: ToolsSnapshot) => s.context.selectedId !== null;
