/** How a project travels on the wire: the owner's view and the guest's view (SPEC §3). */
import type { z } from 'zod';
import { DEFAULT_AVATAR_URL, type projectSchema, type sharedProjectSchema } from '../../src/api/schemas';
import { API_BASE } from '../config';
import type { OwnedProject, Project } from '../db/projectRows';

/** A kept revision's model or poster for its owner: an unguessable URL of that revision's secret. */
export function revisionFileUrl(modelToken: string, revisionNumber: number, ext: 'glb' | 'webp'): string {
  return `${API_BASE}/models/${modelToken}/${revisionNumber}.${ext}`;
}

/** The current revision's model URL; empty while the project has none. */
export function modelUrlOf(project: Pick<Project, 'modelToken' | 'revisionNumber' | 'modelBlobKey'>): string {
  return project.modelToken && project.modelBlobKey ? revisionFileUrl(project.modelToken, project.revisionNumber, 'glb') : '';
}

/** The current revision's poster, beside its model (same secret); empty while the project has no model. */
function thumbnailUrlOf(project: Pick<Project, 'modelToken' | 'revisionNumber' | 'modelBlobKey'>): string {
  return project.modelToken && project.modelBlobKey ? revisionFileUrl(project.modelToken, project.revisionNumber, 'webp') : '';
}

export function toOwnerProject(project: OwnedProject): z.input<typeof projectSchema> {
  return {
    id: project.id,
    name: project.name,
    accessKey: project.accessKey,
    currentStage: project.currentStage,
    isPublished: project.isPublished,
    shareOptions: project.shareOptions,
    creationDate: project.creationDate,
    modificationDate: project.modificationDate,
    revisionNumber: project.revisionNumber,
    modelUrl: modelUrlOf(project),
    thumbnailUrl: thumbnailUrlOf(project),
    consumedUpdateCount: project.consumedUpdateCount,
    maxUpdateCount: project.maxUpdateCount,
    ownerName: project.ownerName,
    conversionNotes: project.conversionNotes,
    approval: project.approval,
    openNoteCount: project.openNoteCount,
  };
}

/** A guest's URLs of the current revision's files: through the link, so they end with it. */
function linkFileUrl(project: Pick<Project, 'accessKey' | 'revisionNumber' | 'modelBlobKey'>, ext: 'glb' | 'webp'): string {
  if (!project.modelBlobKey) return '';
  return `${API_BASE}/projects/accessKeys/${project.accessKey}/models/${project.revisionNumber}.${ext}`;
}

export function toSharedProject(project: OwnedProject): z.input<typeof sharedProjectSchema> {
  return {
    name: project.name,
    ownerName: project.ownerName,
    ownerAvatarUrl: project.ownerAvatarUrl ?? DEFAULT_AVATAR_URL,
    currentStage: project.currentStage,
    shareOptions: project.shareOptions,
    creationDate: project.creationDate,
    modificationDate: project.modificationDate,
    revisionNumber: project.revisionNumber,
    modelUrl: linkFileUrl(project, 'glb'),
    thumbnailUrl: linkFileUrl(project, 'webp'),
    approval: project.shareOptions.isApprovalAvailable ? project.approval : null,
  };
}
