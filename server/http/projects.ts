/** The owner's projects: list, read, partial update, delete (prefix /api/v1/projects). */
import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { projectPatchSchema, shareOptionsSchema, type projectSchema } from '../../src/api/schemas';
import { createHash } from 'node:crypto';
import { listVersion } from '../db/listVersion';
import { deleteProject, findOwnedProject, listOwnedProjects, updateProject } from '../db/projects';
import { toSeconds } from '../domain/clock';
import { projectFolder } from '../domain/projectBlobKeys';
import { planProjectPatch } from '../domain/projectPatch';
import { requireUser } from './authenticate';
import { ApiError, notFound, parseInput } from './errors';
import { etagMatches } from './etag';
import { createListAnswers } from './listAnswers';
import { createPageSource } from './projectPages';
import { projectPageQuerySchema } from '../../src/api/projectPages';
import { ownerScope, PROJECT_NOT_FOUND } from './projectScope';
import { toOwnerProject } from './projectViews';

/** Changes when the list's shape changes, so that no answer of an older server is taken for current. */
const LIST_FORMAT = 'l1';

/** The contract's patch, with unknown share option names refused rather than dropped. */
const patchInputSchema = z.extend(projectPatchSchema, {
  // No flag defaulted here: an empty object stays empty (and is refused).
  shareOptions: z.optional(z.partial(z.strictObject({ ...shareOptionsSchema.shape, isOptionsAvailable: z.boolean() }))),
});

export const projectRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs, clock } = app.services;
  // Checked on arrival, before any body is read.
  const auth = { onRequest: app.authenticate };

  // The list carries an ETag from the user's list version (read before the list, so an answer is
  // never tagged newer than its content): a browser revalidating an unchanged list gets a 304
  // without the list being read or written; any other request for that version is served from the
  // encoded answers kept in memory (listAnswers.ts). Private, revalidated on every use.
  const answers = createListAnswers();
  // With `limit` in the query, one page of the list (projectPages.ts), tagged from the same version.
  const pages = createPageSource(db);
  app.route({
    method: 'GET',
    url: '',
    onRequest: app.authenticate,
    compress: false,
    handler: async (request, reply) => {
      const user = requireUser(request);
      const version = await listVersion(db, user.id);
      const tag = `${LIST_FORMAT}.${user.id}.${version ?? 0}.${createHash('sha1').update(user.fullName).digest('base64url').slice(0, 8)}`;
      reply.header('Cache-Control', 'private, no-cache').header('ETag', `W/"${tag}"`).header('Vary', 'Accept-Encoding');
      const query = request.query as Record<string, unknown>;
      if (query.limit !== undefined) {
        const pageQuery = parseInput(projectPageQuerySchema, query);
        const pageTag = `${tag}.${createHash('sha1').update(JSON.stringify(pageQuery)).digest('base64url').slice(0, 12)}`;
        reply.header('ETag', `W/"${pageTag}"`);
        if (etagMatches(request.headers['if-none-match'], `"${pageTag}"`)) return reply.status(304).send();
        const { body, encoding } = await answers.answer(pageTag, request.headers['accept-encoding'], () => pages.page(tag, user.id, pageQuery));
        if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
        return reply.type('application/json; charset=utf-8').send(body);
      }
      if (etagMatches(request.headers['if-none-match'], `"${tag}"`)) return reply.status(304).send();
      const build = async (): Promise<z.input<typeof projectSchema>[]> => (await listOwnedProjects(db, user.id)).map(toOwnerProject);
      const { body, encoding } = await answers.answer(tag, request.headers['accept-encoding'], build);
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  });

  app.get('/:id', auth, async (request, reply): Promise<z.input<typeof projectSchema>> => {
    const { project } = await ownerScope(request);
    reply.header('Cache-Control', 'no-store');
    return toOwnerProject(project);
  });

  app.patch('/:id', auth, async (request, reply) => {
    const { project } = await ownerScope(request);
    const patch = parseInput(patchInputSchema, request.body);
    const plan = planProjectPatch(project, patch);
    if (!plan.ok) throw new ApiError(plan.status, plan.code, plan.message);
    // Share options set on a published project must not land after a concurrent unpublish.
    const whilePublished = plan.changes.shareOptions !== undefined && plan.changes.isPublished === undefined;
    const target = { id: project.id, ownerId: project.ownerId, whilePublished };
    if (!(await updateProject(db, target, plan.changes, toSeconds(clock())))) {
      if (whilePublished && (await findOwnedProject(db, project.id, project.ownerId))) {
        throw new ApiError(409, 'not_published', 'Share options can change only while the project is published.');
      }
      throw notFound(PROJECT_NOT_FOUND);
    }
    // An unpublished link ends its guests' presence, in every process.
    if (plan.changes.isPublished === false) app.presence.unpublished(project.id);
    if (plan.changes.currentStage !== undefined && plan.changes.currentStage !== project.currentStage) {
      app.services.reviewEvents.stage({ ...project, shareOptions: plan.changes.shareOptions ?? project.shareOptions }, plan.changes.currentStage);
    }
    return reply.status(204).send();
  });

  app.delete('/:id', auth, async (request, reply) => {
    const { project } = await ownerScope(request);
    const deleted = await db.transaction().execute((trx) => deleteProject(trx, { id: project.id, ownerId: project.ownerId }));
    if (!deleted) throw notFound(PROJECT_NOT_FOUND);
    await blobs.deleteFolder(projectFolder(project.id));
    return reply.status(204).send();
  });
};
