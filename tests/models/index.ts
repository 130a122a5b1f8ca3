/** Every machine QA generates paths for (`npm run qa`, the diagrams, the mutation check). */
import type { AnyStateMachine } from 'xstate';
import { approvalModel } from './approval';
import { deleteModel } from './delete';
import { labelsModel } from './labels';
import { linkChangesModel } from './linkChanges';
import { linkEstimateModel } from './linkEstimate';
import { machiningModel } from './machining';
import { linkOptionsModel } from './linkOptions';
import type { MachineModel } from './machineModel';
import { noticeModel } from './notice';
import { commentsModel, hyperlinksModel } from './notes';
import { ownerProjectModel } from './ownerProject';
import { brandingModel, plansModel } from './plansBranding';
import { projectListModel } from './projectList';
import { quoteEditorModel } from './quoteEditor';
import { renameModel } from './rename';
import { reviewModel } from './review';
import { roomArModel } from './roomAr';
import { followerModel } from './follower';
import { presenterModel } from './presenter';
import { revisionsModel } from './revisions';
import { sessionModel } from './session';
import { settingsModel } from './settings';
import { shareModel } from './share';
import { uploadModel } from './upload';
import { ownerViewerModel, sharedViewerModel } from './viewer';
import { workshopModel } from './workshop';
import { viewerToolsModel } from './viewerTools';

export const machineModels: MachineModel[] = [
  uploadModel,
  reviewModel,
  viewerToolsModel,
  renameModel,
  deleteModel,
  shareModel,
  settingsModel,
  noticeModel,
  revisionsModel,
  sessionModel,
  projectListModel,
  approvalModel,
  ownerProjectModel,
  plansModel,
  brandingModel,
  labelsModel,
  linkEstimateModel,
  machiningModel,
  linkOptionsModel,
  linkChangesModel,
  workshopModel,
  quoteEditorModel,
  commentsModel,
  hyperlinksModel,
  roomArModel,
  followerModel,
  presenterModel,
  ownerViewerModel,
  sharedViewerModel,
];

/** Every machine of src/machines, by name. */
export const allMachines: Array<{ name: string; machine: AnyStateMachine; source: string }> = machineModels.map(({ name, machine, source }) => ({ name, machine, source }));
