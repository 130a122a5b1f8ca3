/** The owner's projects: list, read, partial update, delete (prefix /api/v1/projects). */
import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { projectPatchSchema, shareOptionsSchema, type projectSchema } from '../../src/api/schemas';
import { deleteProject, findOwnedProject, listOwnedProjects, updateProject } from '../db/projects';
import { toSeconds } from '../domain/clock';
import { projectFolder } from '../domain/projectBlobKeys';
import { planProjectPatch } from '../domain/projectPatch';
import { requireUser } from './authenticate';
import { ApiError, notFound, parseInput } from './errors';
import { ownerScope, PROJECT_NOT_FOUND } from './projectScope';
import { toOwnerProject } from './projectViews';

/** The contract's patch, with unknown share option names refused rather than dropped. */
const patchInputSchema = z.extend(projectPatchSchema, {
  shareOptions: z.optional(z.partial(z.strictObject(shareOptionsSchema.shape))),
});

export const projectRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs, clock } = app.services;
  // Checked on arrival, before any body is read.
  const auth = { onRequest: app.authenticate };

  app.get('', auth, async (request, reply): Promise<z.input<typeof projectSchema>[]> => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return (await listOwnedProjects(db, user.id)).map(toOwnerProject);
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
