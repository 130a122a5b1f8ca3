/**
 * Resolves the project a request is about and who is asking: through its id for the logged-in
 * owner (anyone else gets 404), or through its access key while it is published.
 */
import type { FastifyRequest } from 'fastify';
import { findOwnedProject, findPublishedProject } from '../db/projects';
import type { OwnedProject } from '../db/projectRows';
import type { ProjectVia, Viewer } from '../domain/permissions';
import { requireUser } from './authenticate';
import { notFound } from './errors';
import { readGuestId } from './guestCookie';
import { parseAccessKey, parseId, SHARED_NOT_FOUND } from './params';

export interface ProjectScope {
  project: OwnedProject;
  via: ProjectVia;
  viewer: Viewer;
}

export const PROJECT_NOT_FOUND = 'No such project.';

/** Route params of the two prefixes the project routes live under. */
type ScopeParams = { id?: string; accessKey?: string };

/** After `app.authenticate`: the caller's own project from the `:id` parameter. */
export async function ownerScope(request: FastifyRequest): Promise<ProjectScope> {
  const user = requireUser(request);
  const id = parseId((request.params as ScopeParams).id, PROJECT_NOT_FOUND);
  const project = await findOwnedProject(request.server.services.db, id, user.id);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  return { project, via: 'owner', viewer: { userId: user.id, guestId: null } };
}

/** After `app.identify`: the published project of the `:accessKey` parameter. */
export async function linkScope(request: FastifyRequest): Promise<ProjectScope> {
  const accessKey = parseAccessKey((request.params as ScopeParams).accessKey);
  const project = await findPublishedProject(request.server.services.db, accessKey);
  if (!project) throw notFound(SHARED_NOT_FOUND);
  return { project, via: 'link', viewer: { userId: request.user?.id ?? null, guestId: readGuestId(request) } };
}

export function scopeResolver(via: ProjectVia): (request: FastifyRequest) => Promise<ProjectScope> {
  return via === 'owner' ? ownerScope : linkScope;
}
