/**
 * Attachments (hyperlinks), on both paths. The owner lists, adds and deletes them on
 * `projects/{id}/attachments`; a published link lists them where the owner enabled it, and never
 * adds any.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_AVATAR_URL, type attachmentSchema, type createdItemSchema } from '../../src/api/schemas';
import { addAttachment, countAttachments, deleteAttachment, findAttachment, listAttachments } from '../db/attachments';
import { toSeconds } from '../domain/clock';
import { canCreateAttachment, canDeleteItem, canReadAttachments, type ProjectVia } from '../domain/permissions';
import { ApiError, notFound, parseInput } from './errors';
import { attachmentInputSchema, MAX_ATTACHMENTS_PER_PROJECT } from './itemInputs';
import { parseId } from './params';
import { scopeResolver, type ProjectScope } from './projectScope';

const ATTACHMENT_NOT_FOUND = 'No such hyperlink.';

export const attachmentRoutes: FastifyPluginAsync<{ via: ProjectVia }> = async (app, { via }) => {
  const { db, clock } = app.services;
  const guard = via === 'owner' ? app.authenticate : app.identify;
  const resolve = scopeResolver(via);

  const attachmentScope = async (request: Parameters<typeof resolve>[0]): Promise<ProjectScope> => {
    const scope = await resolve(request);
    if (!canReadAttachments(scope.via, scope.project)) throw notFound(ATTACHMENT_NOT_FOUND);
    return scope;
  };

  app.get('/attachments', { preHandler: guard }, async (request, reply): Promise<z.input<typeof attachmentSchema>[]> => {
    const { project, viewer } = await attachmentScope(request);
    reply.header('Cache-Control', 'no-store');
    return (await listAttachments(db, project.id)).map((attachment) => ({
      id: attachment.id,
      date: attachment.createdAt,
      authorName: attachment.authorName,
      authorAvatarUrl: attachment.authorAvatarUrl ?? DEFAULT_AVATAR_URL,
      name: attachment.name,
      url: attachment.url,
      isDeletable: canDeleteItem(viewer, project, attachment),
    }));
  });

  app.post('/attachments', { preHandler: guard }, async (request, reply): Promise<z.input<typeof createdItemSchema>> => {
    const { project, viewer, via: reachedBy } = await attachmentScope(request);
    if (!canCreateAttachment(reachedBy)) {
      throw new ApiError(403, 'forbidden', 'Hyperlinks are added by the project owner, not through a shared link.');
    }
    const body = parseInput(attachmentInputSchema, request.body);
    if ((await countAttachments(db, project.id)) >= MAX_ATTACHMENTS_PER_PROJECT) {
      throw new ApiError(409, 'too_many_attachments', `A project holds at most ${MAX_ATTACHMENTS_PER_PROJECT} hyperlinks.`);
    }
    const attachment = await addAttachment(db, {
      projectId: project.id,
      authorUserId: viewer.userId,
      authorGuestId: null,
      authorName: body.authorName,
      authorAvatarUrl: request.user?.avatarUrl ?? null,
      name: body.name,
      url: body.url,
      createdAt: toSeconds(clock()),
    });
    reply.status(201);
    return { id: attachment.id, date: attachment.createdAt, isDeletable: canDeleteItem(viewer, project, attachment) };
  });

  app.delete('/attachments/:attachmentId', { preHandler: guard }, async (request, reply) => {
    const { project, viewer } = await attachmentScope(request);
    const attachmentId = parseId((request.params as { attachmentId: string }).attachmentId, ATTACHMENT_NOT_FOUND);
    const attachment = await findAttachment(db, project.id, attachmentId);
    if (!attachment) throw notFound(ATTACHMENT_NOT_FOUND);
    if (!canDeleteItem(viewer, project, attachment)) {
      throw new ApiError(403, 'forbidden', 'Only the project owner may delete this hyperlink.');
    }
    await deleteAttachment(db, project.id, attachment.id);
    return reply.status(204).send();
  });
};
