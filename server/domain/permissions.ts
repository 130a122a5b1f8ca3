/**
 * Who may do what on a project (SPEC §6). A project is reached either by its owner through its id
 * (`owner`) or by anyone through its access key while it is published (`link`).
 */
import type { ShareOptions } from '../../src/api/schemas';

export type ProjectVia = 'owner' | 'link';

/** The caller: a logged-in user, a guest known by its cookie, both or neither. */
export interface Viewer {
  userId: number | null;
  /** Digest of the guest cookie, when the caller has one. */
  guestId: string | null;
}

export interface ProjectFacts {
  ownerId: number;
  isPublished: boolean;
  shareOptions: ShareOptions;
}

interface AuthoredItem {
  authorUserId: number | null;
  authorGuestId: string | null;
}

/** A link opens a project only while it is published; the owner always reaches its own. */
function canOpen(via: ProjectVia, project: ProjectFacts): boolean {
  return via === 'owner' || project.isPublished;
}

/** Reading and writing comments: the owner always; a link only where the owner enabled them. */
export function canUseComments(via: ProjectVia, project: ProjectFacts): boolean {
  return canOpen(via, project) && (via === 'owner' || project.shareOptions.isCommentsVisible);
}

export function canReadAttachments(via: ProjectVia, project: ProjectFacts): boolean {
  return canOpen(via, project) && (via === 'owner' || project.shareOptions.isAttachmentVisible);
}

/** Hyperlinks are added by the owner only, never through a public link. */
export function canCreateAttachment(via: ProjectVia): boolean {
  return via === 'owner';
}

export function isProjectOwner(viewer: Viewer, project: Pick<ProjectFacts, 'ownerId'>): boolean {
  return viewer.userId !== null && viewer.userId === project.ownerId;
}

/** The owner may delete anything on its project; an author what it wrote; nobody else. */
export function canDeleteItem(viewer: Viewer, project: Pick<ProjectFacts, 'ownerId'>, item: AuthoredItem): boolean {
  if (isProjectOwner(viewer, project)) return true;
  if (item.authorUserId !== null && item.authorUserId === viewer.userId) return true;
  return item.authorGuestId !== null && item.authorGuestId === viewer.guestId;
}

/** The parts list (CSV and tree): the owner always; a link only where the owner enabled it. */
export function canReadPartsList(via: ProjectVia, project: ProjectFacts): boolean {
  return canOpen(via, project) && (via === 'owner' || project.shareOptions.isPartsListAvailable);
}

/** The AR files ("View in your room"): the owner always; a guest only where `isArAvailable` is on. */
export function canReadArFiles(via: ProjectVia, project: ProjectFacts): boolean {
  return canOpen(via, project) && (via === 'owner' || project.shareOptions.isArAvailable);
}

/** The cost estimate and the quote PDF: the owner always; a guest where the owner enabled `isEstimateAvailable` or `isOptionsAvailable` (options come priced). */
export function canReadEstimate(via: ProjectVia, project: ProjectFacts): boolean {
  return canOpen(via, project) && (via === 'owner' || project.shareOptions.isEstimateAvailable || project.shareOptions.isOptionsAvailable);
}

/** The client's options: the owner always; a guest only where the owner enabled `isOptionsAvailable`. */
export function canReadOptions(via: ProjectVia, project: ProjectFacts): boolean {
  return canOpen(via, project) && (via === 'owner' || project.shareOptions.isOptionsAvailable);
}
