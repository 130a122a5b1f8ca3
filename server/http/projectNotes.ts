/**
 * A project's notes, comments and hyperlinks ("attachments" in the API), on both paths:
 * `projects/{id}/{comments|attachments}` for the owner and `projects/accessKeys/{key}/...` on a
 * published link where the owner enabled that list. One plugin, registered once per kind: every
 * rule (who reads, who writes, the caps, who deletes, `isDeletable` per viewer) holds for both.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_AVATAR_URL, type attachmentSchema, type commentSchema, type createdItemSchema } from '../../src/api/schemas';
import { addNote, countNotes, deleteNote, findNote, listNotes, type NoteContent, type NoteKind, type NoteRecord } from '../db/projectNotes';
import { toSeconds } from '../domain/clock';
import { canCreateAttachment, canDeleteItem, canReadAttachments, canUseComments, type ProjectFacts, type ProjectVia } from '../domain/permissions';
import { ApiError, notFound, parseInput } from './errors';
import { ensureGuestId } from './guestCookie';
import { attachmentInputSchema, commentInputSchema, MAX_ATTACHMENTS_PER_PROJECT, MAX_COMMENTS_PER_PROJECT } from './itemInputs';
import { parseId } from './params';
import { scopeResolver, type ProjectScope } from './projectScope';

/** What sets one kind apart: its path, its input, its cap and its words. */
interface NoteKindRoutes<K extends NoteKind> {
  path: 'comments' | 'attachments';
  notFoundMessage: string;
  canRead(via: ProjectVia, project: ProjectFacts): boolean;
  /** Null when this path may create; otherwise why not (403). */
  createRefusal(via: ProjectVia): string | null;
  parseBody(body: unknown): { authorName: string } & NoteContent[K];
  max: number;
  tooMany: { code: string; message: string };
  deleteRefusal: string;
  content(note: NoteRecord<K>): NoteContent[K];
}

const KINDS: { [K in NoteKind]: NoteKindRoutes<K> } = {
  comment: {
    path: 'comments',
    notFoundMessage: 'No such comment.',
    canRead: canUseComments,
    createRefusal: () => null,
    parseBody: (body) => parseInput(commentInputSchema, body),
    max: MAX_COMMENTS_PER_PROJECT,
    tooMany: { code: 'too_many_comments', message: `A project holds at most ${MAX_COMMENTS_PER_PROJECT} comments.` },
    deleteRefusal: 'Only the project owner or the author may delete this comment.',
    content: (note) => ({ text: note.text }),
  },
  hyperlink: {
    path: 'attachments',
    notFoundMessage: 'No such hyperlink.',
    canRead: canReadAttachments,
    createRefusal: (via) => (canCreateAttachment(via) ? null : 'Hyperlinks are added by the project owner, not through a shared link.'),
    parseBody: (body) => parseInput(attachmentInputSchema, body),
    max: MAX_ATTACHMENTS_PER_PROJECT,
    tooMany: { code: 'too_many_attachments', message: `A project holds at most ${MAX_ATTACHMENTS_PER_PROJECT} hyperlinks.` },
    deleteRefusal: 'Only the project owner may delete this hyperlink.',
    content: (note) => ({ name: note.name, url: note.url }),
  },
};

type NoteJson = z.input<typeof commentSchema> | z.input<typeof attachmentSchema>;

export const noteRoutes: FastifyPluginAsync<{ via: ProjectVia; kind: NoteKind }> = async (app, { via, kind }) => {
  const { db, clock } = app.services;
  const rules = KINDS[kind] as NoteKindRoutes<NoteKind>;
  const guard = via === 'owner' ? app.authenticate : app.identify;
  const resolve = scopeResolver(via);

  /** The project, if this list is open to this path; otherwise the same 404 as a missing note. */
  const noteScope = async (request: FastifyRequest): Promise<ProjectScope> => {
    const scope = await resolve(request);
    if (!rules.canRead(scope.via, scope.project)) throw notFound(rules.notFoundMessage);
    return scope;
  };

  app.get(`/${rules.path}`, { preHandler: guard }, async (request, reply): Promise<NoteJson[]> => {
    const { project, viewer } = await noteScope(request);
    reply.header('Cache-Control', 'no-store');
    return (await listNotes(db, kind, project.id)).map((note) => ({
      id: note.id,
      date: note.createdAt,
      authorName: note.authorName,
      authorAvatarUrl: note.authorAvatarUrl ?? DEFAULT_AVATAR_URL,
      ...rules.content(note),
      isDeletable: canDeleteItem(viewer, project, note),
    }));
  });

  app.post(`/${rules.path}`, { preHandler: guard }, async (request, reply: FastifyReply): Promise<z.input<typeof createdItemSchema>> => {
    const { project, viewer, via: reachedBy } = await noteScope(request);
    const refusal = rules.createRefusal(reachedBy);
    if (refusal) throw new ApiError(403, 'forbidden', refusal);
    const { authorName, ...content } = rules.parseBody(request.body);
    if ((await countNotes(db, kind, project.id)) >= rules.max) throw new ApiError(409, rules.tooMany.code, rules.tooMany.message);
    const user = request.user;
    const guestId = user ? null : ensureGuestId(request, reply);
    const note = await addNote(db, kind, {
      projectId: project.id,
      authorUserId: user?.id ?? null,
      authorGuestId: guestId,
      authorName,
      authorAvatarUrl: user?.avatarUrl ?? null,
      createdAt: toSeconds(clock()),
      ...(content as NoteContent[NoteKind]),
    });
    reply.status(201);
    return { id: note.id, date: note.createdAt, isDeletable: canDeleteItem({ ...viewer, guestId }, project, note) };
  });

  app.delete(`/${rules.path}/:noteId`, { preHandler: guard }, async (request, reply) => {
    const { project, viewer } = await noteScope(request);
    const noteId = parseId((request.params as { noteId: string }).noteId, rules.notFoundMessage);
    const note = await findNote(db, kind, project.id, noteId);
    if (!note) throw notFound(rules.notFoundMessage);
    if (!canDeleteItem(viewer, project, note)) throw new ApiError(403, 'forbidden', rules.deleteRefusal);
    await deleteNote(db, kind, project.id, note.id);
    return reply.status(204).send();
  });
};
