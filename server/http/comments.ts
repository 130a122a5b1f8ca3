/**
 * Comments, on both paths: `projects/{id}/comments` for the owner and
 * `projects/accessKeys/{key}/comments` on a published link where the owner enabled comments.
 * `isDeletable` is computed for the viewer of each answer.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_AVATAR_URL, type commentSchema, type createdItemSchema } from '../../src/api/schemas';
import { addComment, countComments, deleteComment, findComment, listComments } from '../db/comments';
import { toSeconds } from '../domain/clock';
import { canDeleteItem, canUseComments, type ProjectVia } from '../domain/permissions';
import { ApiError, notFound, parseInput } from './errors';
import { ensureGuestId } from './guestCookie';
import { commentInputSchema, MAX_COMMENTS_PER_PROJECT } from './itemInputs';
import { parseId } from './params';
import { scopeResolver, type ProjectScope } from './projectScope';

const COMMENT_NOT_FOUND = 'No such comment.';

export const commentRoutes: FastifyPluginAsync<{ via: ProjectVia }> = async (app, { via }) => {
  const { db, clock } = app.services;
  const guard = via === 'owner' ? app.authenticate : app.identify;
  const resolve = scopeResolver(via);

  /** The project, if comments are open to this path; otherwise the same 404 as a missing project. */
  const commentScope = async (request: Parameters<typeof resolve>[0]): Promise<ProjectScope> => {
    const scope = await resolve(request);
    if (!canUseComments(scope.via, scope.project)) throw notFound(COMMENT_NOT_FOUND);
    return scope;
  };

  app.get('/comments', { preHandler: guard }, async (request, reply): Promise<z.input<typeof commentSchema>[]> => {
    const { project, viewer } = await commentScope(request);
    reply.header('Cache-Control', 'no-store');
    return (await listComments(db, project.id)).map((comment) => ({
      id: comment.id,
      date: comment.createdAt,
      authorName: comment.authorName,
      authorAvatarUrl: comment.authorAvatarUrl ?? DEFAULT_AVATAR_URL,
      text: comment.text,
      isDeletable: canDeleteItem(viewer, project, comment),
    }));
  });

  app.post('/comments', { preHandler: guard }, async (request, reply): Promise<z.input<typeof createdItemSchema>> => {
    const { project, viewer } = await commentScope(request);
    const body = parseInput(commentInputSchema, request.body);
    if ((await countComments(db, project.id)) >= MAX_COMMENTS_PER_PROJECT) {
      throw new ApiError(409, 'too_many_comments', `A project holds at most ${MAX_COMMENTS_PER_PROJECT} comments.`);
    }
    const user = request.user;
    const guestId = user ? null : ensureGuestId(request, reply);
    const comment = await addComment(db, {
      projectId: project.id,
      authorUserId: user?.id ?? null,
      authorGuestId: guestId,
      authorName: body.authorName,
      authorAvatarUrl: user?.avatarUrl ?? null,
      text: body.text,
      createdAt: toSeconds(clock()),
    });
    reply.status(201);
    return { id: comment.id, date: comment.createdAt, isDeletable: canDeleteItem({ ...viewer, guestId }, project, comment) };
  });

  app.delete('/comments/:commentId', { preHandler: guard }, async (request, reply) => {
    const { project, viewer } = await commentScope(request);
    const commentId = parseId((request.params as { commentId: string }).commentId, COMMENT_NOT_FOUND);
    const comment = await findComment(db, project.id, commentId);
    if (!comment) throw notFound(COMMENT_NOT_FOUND);
    if (!canDeleteItem(viewer, project, comment)) {
      throw new ApiError(403, 'forbidden', 'Only the project owner or the author may delete this comment.');
    }
    await deleteComment(db, project.id, comment.id);
    return reply.status(204).send();
  });
};
