/**
 * GET /api/v1/projects/{id}/export.vok (owner only): the project as the product's own package,
 * `manifest.json` + `model.glb` (docs/formats.md). Uploading the file again gives the same model.
 */
import type { FastifyPluginAsync } from 'fastify';
import { oneLine } from '../../src/model/text/safeText';
import { writeVok } from '../convert/vokPackage';
import { findUserById } from '../db/users';
import { notFound } from './errors';
import { ownerScope } from './projectScope';

const NO_MODEL = 'This project has no model yet.';

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  // One line without control or text-direction characters (a name stored before the rule, too):
  // "abc" U+202E "gpj.exe" must not reach the browser's save dialog reading "abcexe.jpg".
  const name = oneLine(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const projectExportRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs } = app.services;

  app.get('/:id/export.vok', { onRequest: app.authenticate }, async (request, reply) => {
    const { project } = await ownerScope(request);
    const glb = project.modelBlobKey ? await blobs.get(project.modelBlobKey) : undefined;
    if (!glb) throw notFound(NO_MODEL);
    const owner = await findUserById(db, project.ownerId);
    const vok = writeVok({
      name: project.name,
      units: owner?.preferredUnit === 'in' ? 'in' : 'mm',
      model: { fileName: 'model.glb', bytes: glb },
    });
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachmentDisposition(`${project.name}.vok`))
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(vok.buffer, vok.byteOffset, vok.byteLength));
  });
};
