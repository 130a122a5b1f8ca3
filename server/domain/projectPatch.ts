/**
 * What a PATCH of a project changes (SPEC §4, §5): a partial update of name, stage, publication and
 * share options. Share options change only while the project is (or becomes) published; an
 * empty share options object changes nothing.
 */
import type { ProjectPatch, ShareOptions, Stage } from '../../src/api/schemas';
import { checkProjectName } from './projectNames';

export interface ProjectChanges {
  name?: string;
  currentStage?: Stage;
  isPublished?: boolean;
  shareOptions?: ShareOptions;
}

type PatchPlan =
  | { ok: true; changes: ProjectChanges }
  | { ok: false; status: 400 | 409; code: string; message: string };

export function planProjectPatch(
  project: { isPublished: boolean; shareOptions: ShareOptions },
  patch: ProjectPatch,
): PatchPlan {
  const changes: ProjectChanges = {};
  if (patch.name !== undefined) {
    const check = checkProjectName(patch.name);
    if (!check.ok) return { ok: false, status: 400, code: 'invalid_name', message: check.message };
    changes.name = check.name;
  }
  if (patch.currentStage !== undefined) changes.currentStage = patch.currentStage;
  if (patch.isPublished !== undefined) changes.isPublished = patch.isPublished;
  const shareOptions = patch.shareOptions ? definedOnly(patch.shareOptions) : {};
  if (Object.keys(shareOptions).length > 0) {
    // Options go with a publish or an unpublish in the same patch: the share dialog sends the options
    // its user set while the switches were enabled with the unpublish that followed during the save.
    // Alone, they need the project published.
    if (patch.isPublished === undefined && !project.isPublished) {
      return {
        ok: false,
        status: 409,
        code: 'not_published',
        message: 'Share options can change only while the project is published.',
      };
    }
    changes.shareOptions = { ...project.shareOptions, ...shareOptions };
  }
  if (Object.keys(changes).length === 0) {
    return { ok: false, status: 400, code: 'invalid_request', message: 'Nothing to update.' };
  }
  return { ok: true, changes };
}

function definedOnly(options: Partial<ShareOptions>): Partial<ShareOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

/**
 * Options of a new project: once published, guests get the viewing aids and the owner's hyperlinks;
 * comments, the one thing that lets strangers write, stay off until the owner turns them on.
 */
export const DEFAULT_SHARE_OPTIONS: ShareOptions = {
  isHierarchyVisible: true,
  isCommentsVisible: false,
  isAttachmentVisible: true,
  isClippingPlaneAvailable: true,
  isXRayRenderModeAvailable: true,
  isIllustrationRenderModeAvailable: true,
  isWireframeRenderModeAvailable: true,
  isPartsListAvailable: false,
  isApprovalAvailable: false,
  isEstimateAvailable: false,
  isOptionsAvailable: false,
  isArAvailable: true,
};
