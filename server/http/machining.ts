/**
 * The machining of a project's current revision (src/model/machining), read from its stored GLB's
 * part tree and the machining the converter stored beside it:
 *   GET .../machining.json                the boards with outline and operations
 *   GET .../machining.zip                 one DXF per panel, drilling.csv, README.txt
 *   GET .../parts/{node}/drawing.pdf      a panel's dimensioned drawing (`?lang=en|fr`)
 *   GET .../cabinets/{node}/drawing.pdf   every panel of a cabinet, a page each
 * under /projects/{id} for the owner and /projects/accessKeys/{key} for a link that shows the parts
 * list (the workshop's link); otherwise the same 404 as any link route.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { DEFAULT_MACHINING_LAYERS } from '../../src/model/machining/dxfLayers';
import { machiningList, type MachiningList } from '../../src/model/machining/machiningList';
import { revisionMachiningSchema, type RevisionMachining } from '../../src/model/machining/panelMachining';
import { findWorkshopSettings } from '../db/workshopSettings';
import { canReadPartsList } from '../domain/permissions';
import { machiningBlobKey } from '../domain/projectBlobKeys';
import type { BlobStore } from '../storage/blobStore';
import { notFound, parseInput } from './errors';
import { panelDrawingPdf } from './machiningDrawing';
import { fileNamePart, machiningZip } from './machiningFiles';
import { SHARED_NOT_FOUND } from './params';
import { attachmentDisposition } from './projectExport';
import { workshopTreeOf } from './partsLists';
import { scopeResolver, type ProjectScope } from './projectScope';

const NO_PANEL = 'No such panel in this model.';
const NO_CABINET = 'No such cabinet in this model.';
const drawingQuery = z.object({ lang: z._default(z.enum(['en', 'fr']), 'en') });
const nodeParams = z.object({ node: z.string().check(z.regex(/^\d{1,7}$/)) });

/** The stored machining of a revision; null when there is none or it does not read. */
async function storedMachining(blobs: BlobStore, projectId: number, revision: number): Promise<RevisionMachining | null> {
  const bytes = await blobs.get(machiningBlobKey(projectId, revision));
  if (!bytes) return null;
  try {
    const parsed = revisionMachiningSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const machiningRoutes: FastifyPluginAsync<{ via: 'owner' | 'link' }> = async (app, { via }) => {
  const { blobs, db } = app.services;
  const resolve = scopeResolver(via);
  const hooks = { onRequest: via === 'owner' ? app.authenticate : app.identify };

  const load = async (request: FastifyRequest): Promise<{ scope: ProjectScope; list: MachiningList; layers: typeof DEFAULT_MACHINING_LAYERS }> => {
    const scope = await resolve(request);
    if (!canReadPartsList(scope.via, scope.project)) throw notFound(SHARED_NOT_FOUND);
    const { project } = scope;
    const [settings, machining] = await Promise.all([findWorkshopSettings(db, project.ownerId), storedMachining(blobs, project.id, project.revisionNumber)]);
    // The boards of the client's approved choices, where they approved this revision on options.
    const tree = await workshopTreeOf(app.services, scope, settings);
    return { scope, list: machiningList(tree, settings, machining, project.revisionNumber), layers: settings.machiningLayers ?? DEFAULT_MACHINING_LAYERS };
  };

  const sendPdf = async (reply: FastifyReply, bytes: Uint8Array, fileName: string) =>
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachmentDisposition(fileName))
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

  app.get('/machining.json', hooks, async (request, reply): Promise<MachiningList> => {
    const { list } = await load(request);
    reply.header('Cache-Control', 'no-store');
    return list;
  });

  app.get('/machining.zip', hooks, async (request, reply) => {
    const { scope, list, layers } = await load(request);
    const zip = machiningZip(list.panels, layers);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachmentDisposition(`${fileNamePart(scope.project.name)} machining.zip`))
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });

  app.get('/parts/:node/drawing.pdf', hooks, async (request, reply) => {
    const { node } = parseInput(nodeParams, request.params);
    const { lang } = parseInput(drawingQuery, request.query ?? {});
    const { list } = await load(request);
    const panel = list.panels.find((p) => p.node === node);
    if (!panel) throw notFound(NO_PANEL);
    return sendPdf(reply, await panelDrawingPdf([panel], panel.name, lang), `${fileNamePart(panel.name)}.pdf`);
  });

  app.get('/cabinets/:node/drawing.pdf', hooks, async (request, reply) => {
    const { node } = parseInput(nodeParams, request.params);
    const { lang } = parseInput(drawingQuery, request.query ?? {});
    const { list } = await load(request);
    const panels = list.panels.filter((p) => p.cabinetNode === node);
    if (panels.length === 0) throw notFound(NO_CABINET);
    return sendPdf(reply, await panelDrawingPdf(panels, panels[0].cabinet, lang), `${fileNamePart(panels[0].cabinet)}.pdf`);
  });
};
