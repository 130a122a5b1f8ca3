/**
 * POST /api/v1/projects/accessKeys/:accessKey/approval `{name, revisionNumber}`: the client
 * approves the revision they saw. Only while the owner offers approval on the link
 * (`isApprovalAvailable`), the project waits for approval, and the revision is still the current
 * one; the project then moves to `ready` and the owner sees who approved which revision when.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import {
  APPROVAL_UNAVAILABLE,
  APPROVER_NAME_FORBIDDEN,
  approvalRequestSchema,
  INVALID_APPROVER_NAME,
  NOT_AWAITING_APPROVAL,
  REVISION_CHANGED,
  type sharedProjectSchema,
} from '../../src/api/schemas';
import { approveRevision } from '../db/approvals';
import { findPublishedProject } from '../db/projects';
import { toSeconds } from '../domain/clock';
import { ApiError, notFound, parseInput } from './errors';
import { SHARED_NOT_FOUND } from './params';
import { linkScope } from './projectScope';
import { toSharedProject } from './projectViews';

export const approvalRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock } = app.services;

  app.post('/approval', { onRequest: app.identify }, async (request): Promise<z.input<typeof sharedProjectSchema>> => {
    const { project } = await linkScope(request);
    const input = parseInput(approvalRequestSchema, request.body);
    if (APPROVER_NAME_FORBIDDEN.test(input.name)) {
      throw new ApiError(400, INVALID_APPROVER_NAME, 'The name must not contain control characters or marks that change the text direction.');
    }
    if (!project.shareOptions.isApprovalAvailable) {
      throw new ApiError(403, APPROVAL_UNAVAILABLE, 'This link does not offer approval.');
    }
    if (project.currentStage !== 'approval') {
      throw new ApiError(409, NOT_AWAITING_APPROVAL, 'This project is not waiting for approval.');
    }
    if (project.revisionNumber !== input.revisionNumber) {
      throw new ApiError(409, REVISION_CHANGED, 'The model changed since you opened it. Reload the page to see the new revision.');
    }
    const approved = await approveRevision(db, {
      projectId: project.id,
      revisionNumber: input.revisionNumber,
      name: input.name,
      nowSeconds: toSeconds(clock()),
    });
    const after = await findPublishedProject(db, project.accessKey);
    if (!after) throw notFound(SHARED_NOT_FOUND);
    if (!approved) {
      // Someone else changed it between the checks and the update: say what it is now.
      if (after.revisionNumber !== input.revisionNumber) throw new ApiError(409, REVISION_CHANGED, 'The model changed since you opened it. Reload the page to see the new revision.');
      throw new ApiError(409, NOT_AWAITING_APPROVAL, 'This project is not waiting for approval.');
    }
    return toSharedProject(after);
  });
};
