/** The screen drivers, by machine (`npm run qa -- --machine <name> --ui`). */
import type { Expected } from '../../tests/helpers/modelBased';
import { approvalScreen } from './approvalScreen';
import { brandingScreen } from './brandingScreen';
import { deleteScreen } from './deleteScreen';
import { followerScreen } from './followerScreen';
import { labelsScreen } from './labelsScreen';
import { linkChangesScreen } from './linkChangesScreen';
import { linkEstimateScreen } from './linkEstimateScreen';
import { linkOptionsScreen } from './linkOptionsScreen';
import { machiningScreen } from './machiningScreen';
import { noticeScreen } from './noticeScreen';
import { commentsScreen, hyperlinksScreen } from './notesScreen';
import { ownerProjectScreen } from './ownerProjectScreen';
import { plansScreen } from './plansScreen';
import { presenterScreen } from './presenterScreen';
import { projectListScreen } from './projectListScreen';
import { quoteEditorScreen } from './quoteEditorScreen';
import { renameScreen } from './renameScreen';
import { reviewScreen } from './reviewScreen';
import { revisionsScreen } from './revisionsScreen';
import { roomArScreen } from './roomArScreen';
import { sessionScreen } from './sessionScreen';
import { settingsScreen } from './settingsScreen';
import { shareScreen } from './shareScreen';
import type { ScreenDriver } from './screenPaths';
import { ownerViewerScreen, sharedViewerScreen } from './viewerScreen';
import { workshopScreen } from './workshopScreen';

export const screenDrivers: Record<string, ScreenDriver<unknown, Expected>> = {
  rename: renameScreen as never,
  delete: deleteScreen as never,
  session: sessionScreen as never,
  settings: settingsScreen as never,
  share: shareScreen as never,
  linkEstimate: linkEstimateScreen as never,
  labels: labelsScreen as never,
  plans: plansScreen as never,
  branding: brandingScreen as never,
  machining: machiningScreen as never,
  workshop: workshopScreen as never,
  approval: approvalScreen as never,
  linkOptions: linkOptionsScreen as never,
  roomAr: roomArScreen as never,
  ownerProject: ownerProjectScreen as never,
  follower: followerScreen as never,
  presenter: presenterScreen as never,
  notice: noticeScreen as never,
  quoteEditor: quoteEditorScreen as never,
  linkChanges: linkChangesScreen as never,
  revisions: revisionsScreen as never,
  comments: commentsScreen as never,
  hyperlinks: hyperlinksScreen as never,
  projectList: projectListScreen as never,
  ownerViewer: ownerViewerScreen as never,
  sharedViewer: sharedViewerScreen as never,
  review: reviewScreen as never,
};
