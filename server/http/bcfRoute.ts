/**
 * GET projects/{id}/notes.bcfzip: the owner downloads the project's notes as a BCF 3.0 archive
 * (server/domain/bcfExport.ts), with the current revision's poster as the viewpoints' snapshot.
 */
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { listNotes } from '../db/projectNotes';
import { listCommentAnchors, listCommentReviews } from '../db/review';
import { bcfArchive, type BcfNote } from '../domain/bcfExport';
import { posterBlobKey } from '../domain/projectBlobKeys';
import { attachmentDisposition } from './projectExport';
import { ownerScope } from './projectScope';

export const bcfRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs } = app.services;
  app.get('/:id/notes.bcfzip', { onRequest: app.authenticate }, async (request, reply) => {
    const { project } = await ownerScope(request);
    const [comments, reviews, anchors] = await Promise.all([listNotes(db, 'comment', project.id), listCommentReviews(db, project.id), listCommentAnchors(db, project.id)]);
    const notes = new Map<number, BcfNote>();
    for (const c of comments) {
      const review = reviews.get(c.id);
      if (review?.parentId) continue;
      notes.set(c.id, { id: c.id, authorName: c.authorName, text: c.text, createdAt: c.createdAt, status: review?.status ?? 'open', pin: review?.pin ?? null, view: anchors.get(c.id)?.view ?? null, replies: [] });
    }
    for (const c of comments) {
      const parent = reviews.get(c.id)?.parentId;
      if (parent) notes.get(parent)?.replies.push({ id: c.id, authorName: c.authorName, text: c.text, createdAt: c.createdAt });
    }
    const poster = project.revisionNumber > 0 ? await blobs.get(posterBlobKey(project.id, project.revisionNumber)).catch(() => undefined) : undefined;
    const snapshotPng = poster ? new Uint8Array(await sharp(poster).png().toBuffer()) : undefined;
    const archive = bcfArchive({ project: { id: project.id, name: project.name }, notes: [...notes.values()], snapshotPng });
    reply.header('Cache-Control', 'private, no-store').header('Content-Disposition', attachmentDisposition(`${project.name}.bcfzip`));
    return reply.type('application/zip').send(Buffer.from(archive));
  });
};
