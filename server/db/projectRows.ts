/**
 * A project as the repository of projects (projects.ts) returns it, and how a stored row reads
 * as one: the stored JSON parsed, the owner's name and the open notes joined in.
 */
import { conversionNotesSchema, type ConversionNote } from '../../src/api/conversionNotes';
import type { ShareOptions, Stage } from '../../src/api/schemas';
import { INITIAL_STAGE, isStage } from '../domain/stages';
import type { Approval } from './approvals';
import { approvedQuoteSchema, type ApprovedQuote } from '../../src/api/quoteSchemas';
import type { Db } from './database';
import type { ProjectRow } from './schema';

export interface Project {
  id: number;
  ownerId: number;
  name: string;
  accessKey: string;
  currentStage: Stage;
  isPublished: boolean;
  shareOptions: ShareOptions;
  /** Seconds. */
  creationDate: number;
  modificationDate: number;
  /** 0 until the first model is recorded, then 1, 2, ... */
  revisionNumber: number;
  consumedUpdateCount: number;
  maxUpdateCount: number;
  modelBlobKey: string | null;
  /** Secret part of the model URL of the current revision; a new one with every revision. */
  modelToken: string | null;
  originalBlobKey: string | null;
  originalFileName: string | null;
  /** What the current revision's conversion lost or assumed. */
  conversionNotes: ConversionNote[];
  /** Cleared by every new revision. */
  approval: Approval | null;
}

/** A project with what its views show of the owner. */
export interface OwnedProject extends Project {
  ownerName: string;
  ownerAvatarUrl: string | null;
  /** Comments of the review still open (replies not counted). */
  openNoteCount: number;
}

/** The stored choices and total of an approval; damaged JSON reads as none. */
function parseApprovedQuote(json: string | null): ApprovedQuote | null {
  if (json === null) return null;
  try {
    const parsed = approvedQuoteSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The stored notes; damaged JSON or unknown codes read as no note. */
function parseConversionNotes(json: string): ConversionNote[] {
  try {
    const parsed = conversionNotesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The stored JSON of the share flags; a missing or damaged flag reads as false. Runs per row, so no schema. */
function parseShareOptions(json: string): ShareOptions {
  type Stored = Partial<Record<keyof ShareOptions, unknown>>;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(json);
  } catch {}
  const s: Stored = typeof parsed === 'object' && parsed !== null ? (parsed as Stored) : {};
  return {
    isHierarchyVisible: s.isHierarchyVisible === true,
    isCommentsVisible: s.isCommentsVisible === true,
    isAttachmentVisible: s.isAttachmentVisible === true,
    isClippingPlaneAvailable: s.isClippingPlaneAvailable === true,
    isXRayRenderModeAvailable: s.isXRayRenderModeAvailable === true,
    isIllustrationRenderModeAvailable: s.isIllustrationRenderModeAvailable === true,
    isWireframeRenderModeAvailable: s.isWireframeRenderModeAvailable === true,
    isPartsListAvailable: s.isPartsListAvailable === true,
    isApprovalAvailable: s.isApprovalAvailable === true,
    isEstimateAvailable: s.isEstimateAvailable === true,
    isOptionsAvailable: s.isOptionsAvailable === true,
    isArAvailable: s.isArAvailable === true,
  };
}

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    accessKey: row.access_key,
    currentStage: isStage(row.current_stage) ? row.current_stage : INITIAL_STAGE,
    isPublished: row.is_published !== 0,
    shareOptions: parseShareOptions(row.share_options),
    creationDate: row.creation_date,
    modificationDate: row.modification_date,
    revisionNumber: row.revision_number,
    consumedUpdateCount: row.consumed_update_count,
    maxUpdateCount: row.max_update_count,
    modelBlobKey: row.model_blob_key,
    modelToken: row.model_token,
    originalBlobKey: row.original_blob_key,
    originalFileName: row.original_file_name,
    conversionNotes: parseConversionNotes(row.conversion_notes),
    approval:
      row.approval_name !== null && row.approval_date !== null && row.approval_revision !== null
        ? { name: row.approval_name, date: Number(row.approval_date), revisionNumber: row.approval_revision, quote: parseApprovedQuote(row.approval_quote) }
        : null,
  };
}

export type OwnedRow = ProjectRow & { owner_full_name: string; owner_username: string; owner_avatar_url: string | null; open_note_count: number | string | null };

export function toOwnedProject(row: OwnedRow): OwnedProject {
  const project = toProject(row) as OwnedProject;
  project.ownerName = row.owner_full_name.trim() || row.owner_username;
  project.ownerAvatarUrl = row.owner_avatar_url;
  project.openNoteCount = Number(row.open_note_count ?? 0);
  return project;
}

export function selectOwned(db: Db) {
  return db
    .selectFrom('projects')
    .innerJoin('users', 'users.id', 'projects.owner_id')
    .selectAll('projects')
    .select(['users.full_name as owner_full_name', 'users.username as owner_username', 'users.avatar_url as owner_avatar_url'])
    // The review's comments still open (not replies), for the card and the project panel.
    .select((eb) =>
      eb
        .selectFrom('comments')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('comments.project_id', '=', 'projects.id')
        .where('comments.parent_id', 'is', null)
        .where('comments.status', '=', 'open')
        .as('open_note_count'),
    );
}
