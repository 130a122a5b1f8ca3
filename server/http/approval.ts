/**
 * The client's decision through the link, on the revision they saw, only while the owner offers
 * approval there (`isApprovalAvailable`), the project waits for approval, and that revision is
 * still the current one:
 * - POST .../accessKeys/:accessKey/approval `{name, revisionNumber, options?}`: approves it; the
 *   project moves to `ready`. Where the link offers options, the approval keeps the choices and
 *   their total, priced by the estimate's rule (server/http/projectQuote.ts); a choice the link no
 *   longer offers is refused (409 `options_changed`);
 * - POST .../accessKeys/:accessKey/changes `{name, revisionNumber}`: asks for changes, which needs
 *   at least one comment of theirs on that revision (what to change); the project goes back to `new`.
 * Each decision is kept (GET projects/{id}/decisions for the owner) and the owner is told.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  APPROVAL_UNAVAILABLE,
  APPROVER_NAME_FORBIDDEN,
  approvalRequestSchema,
  changeRequestSchema,
  decisionSchema,
  INVALID_APPROVER_NAME,
  NO_NOTE_FOR_CHANGES,
  NOT_AWAITING_APPROVAL,
  REVISION_CHANGED,
  type DecisionKind,
  type sharedProjectSchema,
} from '../../src/api/schemas';
import type { ApprovedQuote } from '../../src/api/quoteSchemas';
import type { QuoteSelection } from '../../src/model/quote/quoteOptions';
import { approveRevision, requestChanges } from '../db/approvals';
import { findPublishedProject } from '../db/projects';
import type { OwnedProject } from '../db/projectRows';
import { listDecisions, recordDecision, wroteOnRevision } from '../db/review';
import { toSeconds } from '../domain/clock';
import { ApiError, notFound, parseInput } from './errors';
import { readGuestId } from './guestCookie';
import { SHARED_NOT_FOUND } from './params';
import { approvedQuoteOf, checkChoicesOffered, projectQuote } from './projectQuote';
import { linkScope, ownerScope } from './projectScope';
import { toSharedProject } from './projectViews';

const revisionChanged = () => new ApiError(409, REVISION_CHANGED, 'The model changed since you opened it. Reload the page to see the new revision.');
const notAwaiting = () => new ApiError(409, NOT_AWAITING_APPROVAL, 'This project is not waiting for approval.');

/** The checks both decisions share; answers the decision's input. */
function checkDecision(project: OwnedProject, input: { name: string; revisionNumber: number }): void {
  if (APPROVER_NAME_FORBIDDEN.test(input.name)) {
    throw new ApiError(400, INVALID_APPROVER_NAME, 'The name must not contain control characters, text-direction marks, line separators or zero-width characters.');
  }
  if (!project.shareOptions.isApprovalAvailable) throw new ApiError(403, APPROVAL_UNAVAILABLE, 'This link does not offer approval.');
  if (project.currentStage !== 'approval') throw notAwaiting();
  if (project.revisionNumber !== input.revisionNumber) throw revisionChanged();
}

export const approvalRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock } = app.services;

  /**
   * The choices and total an approval is given on, where the link offers options that bind parts
   * of this revision: priced now by the one rule of the estimate; null otherwise.
   */
  const approvalQuote = async (project: OwnedProject, selection: QuoteSelection): Promise<ApprovedQuote | null> => {
    if (!project.shareOptions.isOptionsAvailable) return null;
    const priced = await projectQuote(app.services, { project, via: 'link', viewer: { userId: null, guestId: null } }, selection);
    if (priced.options.groups.length === 0) return null;
    checkChoicesOffered(priced.options, selection);
    return approvedQuoteOf(priced);
  };

  /** Records the decision once the project moved, and answers the project as the link now shows it. */
  const decide = async (request: FastifyRequest, project: OwnedProject, kind: DecisionKind, input: { name: string; revisionNumber: number; quote?: ApprovedQuote | null }, moved: boolean) => {
    const after = await findPublishedProject(db, project.accessKey);
    if (!after) throw notFound(SHARED_NOT_FOUND);
    if (!moved) {
      // Someone else changed it between the checks and the update: say what it is now.
      if (after.revisionNumber !== input.revisionNumber) throw revisionChanged();
      throw notAwaiting();
    }
    await recordDecision(db, {
      projectId: project.id,
      kind,
      name: input.name,
      revisionNumber: input.revisionNumber,
      createdAt: toSeconds(clock()),
      authorUserId: request.user?.id ?? null,
      authorGuestId: request.user ? null : readGuestId(request),
      quote: input.quote ?? null,
    });
    app.services.reviewEvents.decision(after, kind, input.name);
    app.services.mail?.decision(after, { kind, name: input.name, revisionNumber: input.revisionNumber, quote: input.quote ?? null });
    return toSharedProject(after);
  };

  app.post('/approval', { onRequest: app.identify }, async (request): Promise<z.input<typeof sharedProjectSchema>> => {
    const { project } = await linkScope(request);
    const input = parseInput(approvalRequestSchema, request.body);
    checkDecision(project, input);
    const quote = await approvalQuote(project, input.options ?? {});
    const approved = await approveRevision(db, { projectId: project.id, revisionNumber: input.revisionNumber, name: input.name, nowSeconds: toSeconds(clock()), quote });
    return decide(request, project, 'approved', { ...input, quote }, approved);
  });

  app.post('/changes', { onRequest: app.identify }, async (request): Promise<z.input<typeof sharedProjectSchema>> => {
    const { project } = await linkScope(request);
    const input = parseInput(changeRequestSchema, request.body);
    checkDecision(project, input);
    const author = { userId: request.user?.id ?? null, guestId: request.user ? null : readGuestId(request) };
    if (!(await wroteOnRevision(db, project.id, input.revisionNumber, author))) {
      throw new ApiError(409, NO_NOTE_FOR_CHANGES, 'Write at least one note saying what to change before asking for changes.');
    }
    const moved = await requestChanges(db, { projectId: project.id, revisionNumber: input.revisionNumber, nowSeconds: toSeconds(clock()) });
    return decide(request, project, 'changesRequested', input, moved);
  });
};

/** GET projects/{id}/decisions: the owner reads every decision, newest first. */
export const decisionRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.services;
  app.get('/:id/decisions', { onRequest: app.authenticate }, async (request, reply): Promise<z.input<typeof decisionSchema>[]> => {
    const { project } = await ownerScope(request);
    reply.header('Cache-Control', 'no-store');
    return (await listDecisions(db, project.id)).map((d) => ({ kind: d.kind, name: d.name, revisionNumber: d.revisionNumber, date: d.createdAt, quote: d.quote }));
  });
};
