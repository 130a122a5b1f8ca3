/**
 * A project's notes, comments and hyperlinks ("attachments" in the API), on both paths:
 * `projects/{id}/{comments|attachments}` for the owner and `projects/accessKeys/{key}/...` on a
 * published link where the owner enabled that list. One plugin, registered once per kind and path:
 * every rule (who reads, who writes, the caps and the guests' limits of noteLimits.ts, who
 * deletes, `isDeletable` per viewer, the owner's bulk delete) holds for both kinds.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_AVATAR_URL, type attachmentSchema, type commentSchema, type createdItemSchema } from '../../src/api/schemas';
import { bulkDeleteTargetSchema, type BulkDeleteResult } from '../../src/api/noteSchemas';
import { addNote, countNotes, deleteNote, deleteNotes, findNote, listNotes, type NoteContent, type NoteKind, type NoteRecord } from '../db/projectNotes';
import { toSeconds } from '../domain/clock';
import { createGuestNoteLimiter, GUEST_NOTES_WINDOW_SECONDS, NOTE_LIMITS, noteCapFor } from '../domain/noteLimits';
import { failureLogFor } from '../limits/failureLogs';
import { canCreateAttachment, canDeleteItem, canReadAttachments, canUseComments, isProjectOwner, type ProjectFacts, type ProjectVia } from '../domain/permissions';
import { ApiError, notFound, parseInput } from './errors';
import { ensureGuestId } from './guestCookie';
import { NOTE_ANCHOR_MAX_BYTES, notePatchSchema, type NoteAnchor } from '../../src/api/reviewSchemas';
import { bumpListVersionOfProject } from '../db/listVersion';
import { deleteReplies, findCommentAnchor, findThreadStart, setCommentStatus } from '../db/review';
import { checkReview, setCommentReview, withReviews } from './commentReview';
import { attachmentInputSchema, commentInputSchema } from './itemInputs';
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
  /** The list's name in messages, and the 409 code of a full project. */
  noun: string;
  tooManyCode: string;
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
    noun: 'comments',
    tooManyCode: 'too_many_comments',
    deleteRefusal: 'Only the project owner or the author may delete this comment.',
    content: (note) => ({ text: note.text }),
  },
  hyperlink: {
    path: 'attachments',
    notFoundMessage: 'No such hyperlink.',
    canRead: canReadAttachments,
    createRefusal: (via) => (canCreateAttachment(via) ? null : 'Hyperlinks are added by the project owner, not through a shared link.'),
    parseBody: (body) => parseInput(attachmentInputSchema, body),
    noun: 'hyperlinks',
    tooManyCode: 'too_many_attachments',
    deleteRefusal: 'Only the project owner may delete this hyperlink.',
    content: (note) => ({ name: note.name, url: note.url }),
  },
};

/** A note's body: its text and names, and a comment's view and markup at their cap. */
const NOTE_BODY_MAX_BYTES = NOTE_ANCHOR_MAX_BYTES + 64 * 1024;

type NoteJson = z.input<typeof commentSchema> | z.input<typeof attachmentSchema>;

export const noteRoutes: FastifyPluginAsync<{ via: ProjectVia; kind: NoteKind }> = async (app, { via, kind }) => {
  const { db, clock } = app.services;
  const rules = KINDS[kind] as NoteKindRoutes<NoteKind>;
  const guard = via === 'owner' ? app.authenticate : app.identify;
  const resolve = scopeResolver(via);
  // Guests reach a project only through its link: the rate of their notes is counted there.
  const guests = createGuestNoteLimiter(clock, failureLogFor(app.services.limitStore, `note:${kind}:`, GUEST_NOTES_WINDOW_SECONDS * 1000));

  /** The project, if this list is open to this path; otherwise the same 404 as a missing note. */
  const noteScope = async (request: FastifyRequest): Promise<ProjectScope> => {
    const scope = await resolve(request);
    if (!rules.canRead(scope.via, scope.project)) throw notFound(rules.notFoundMessage);
    return scope;
  };

  app.get(`/${rules.path}`, { preHandler: guard }, async (request, reply): Promise<NoteJson[]> => {
    const { project, viewer } = await noteScope(request);
    reply.header('Cache-Control', 'no-store');
    const notes = (await listNotes(db, kind, project.id)).map((note) => ({
      id: note.id,
      date: note.createdAt,
      authorName: note.authorName,
      authorAvatarUrl: note.authorAvatarUrl ?? DEFAULT_AVATAR_URL,
      ...rules.content(note),
      isDeletable: canDeleteItem(viewer, project, note),
    }));
    // Comments carry their thread, status, revision, pin, view and markup (commentReview.ts).
    return kind === 'comment' ? withReviews(db, project.id, notes) : notes;
  });

  app.post(`/${rules.path}`, { preHandler: guard, bodyLimit: NOTE_BODY_MAX_BYTES }, async (request, reply: FastifyReply): Promise<z.input<typeof createdItemSchema>> => {
    const { project, viewer, via: reachedBy } = await noteScope(request);
    const refusal = rules.createRefusal(reachedBy);
    if (refusal) throw new ApiError(403, 'forbidden', refusal);
    const isOwner = isProjectOwner(viewer, project);
    if (!isOwner) {
      const verdict = await guests.check(request.ip, project.accessKey);
      if (!verdict.allowed) {
        const where = verdict.per === 'address' ? 'from this address' : 'on this link';
        throw new ApiError(429, 'too_many_requests', `Too many ${rules.noun} ${where}. Try again in ${verdict.retryAfterSeconds} seconds.`, {
          'retry-after': String(verdict.retryAfterSeconds),
        });
      }
    }
    const { authorName, ...parsed } = rules.parseBody(request.body);
    const content = kind === 'comment' ? { text: (parsed as { text: string }).text } : parsed;
    const review = kind === 'comment' ? await checkReview(db, project, parsed as Parameters<typeof checkReview>[2], isOwner) : null;
    if ((await countNotes(db, kind, project.id)) >= noteCapFor(kind, isOwner)) {
      const { max, ownerReserve } = NOTE_LIMITS[kind];
      const kept = isOwner ? '' : `; the last ${ownerReserve} are kept for its owner`;
      throw new ApiError(409, rules.tooManyCode, `A project holds at most ${max} ${rules.noun}${kept}.`);
    }
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
    if (review) await setCommentReview(db, note.id, review);
    if (kind === 'comment') {
      // The list's cards count the open notes: their answer changes.
      await bumpListVersionOfProject(db, project.id);
      app.services.reviewEvents.note(project, note.id);
      if (!isOwner) app.services.mail?.note(project, { id: note.id, author: authorName, text: (content as { text: string }).text });
    }
    if (!isOwner) await guests.record(request.ip, project.accessKey);
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
    if (kind === 'comment') {
      await deleteReplies(db, project.id, [note.id]);
      await bumpListVersionOfProject(db, project.id);
      app.services.reviewEvents.note(project, note.id);
    }
    return reply.status(204).send();
  });

  // A comment's view and markup, which the list leaves out: read when the viewer opens the note.
  if (kind === 'comment') {
    app.get('/comments/:noteId/view', { preHandler: guard }, async (request, reply): Promise<NoteAnchor> => {
      const { project } = await noteScope(request);
      const noteId = parseId((request.params as { noteId: string }).noteId, rules.notFoundMessage);
      const anchor = await findCommentAnchor(db, project.id, noteId);
      if (!anchor) throw notFound(rules.notFoundMessage);
      reply.header('Cache-Control', 'no-store');
      return anchor;
    });
  }

  // The owner resolves a comment, or opens it again (replies have no status of their own).
  if (kind === 'comment') {
    app.patch('/comments/:noteId', { preHandler: guard }, async (request, reply) => {
      const { project, viewer } = await noteScope(request);
      const noteId = parseId((request.params as { noteId: string }).noteId, rules.notFoundMessage);
      if (!isProjectOwner(viewer, project)) throw new ApiError(403, 'forbidden', 'Only the project owner may resolve or reopen a comment.');
      const { status } = parseInput(notePatchSchema, request.body);
      if (!(await findThreadStart(db, project.id, noteId))) throw notFound(rules.notFoundMessage);
      await setCommentStatus(db, project.id, noteId, status, toSeconds(clock()));
      await bumpListVersionOfProject(db, project.id);
      app.services.reviewEvents.note(project, noteId);
      return reply.status(204).send();
    });
  }

  /** The owner's bulk delete: the listed notes, or every note not written by the owner. */
  if (via === 'owner') {
    app.delete(`/${rules.path}`, { preHandler: guard }, async (request): Promise<BulkDeleteResult> => {
      const { project } = await noteScope(request);
      const target = parseInput(bulkDeleteTargetSchema, request.body);
      const selection = 'ids' in target ? { ids: target.ids } : { notByUserId: project.ownerId };
      const deleted = await deleteNotes(db, kind, project.id, selection);
      const replies = kind === 'comment' ? await deleteReplies(db, project.id, deleted) : [];
      if (kind === 'comment' && deleted.length > 0) await bumpListVersionOfProject(db, project.id);
      return { deletedIds: [...deleted, ...replies].sort((a, b) => a - b) };
    });
  }
};
