/**
 * The client's quote (src/api/quoteSchemas.ts):
 *   GET  /projects/{id}/options   the owner's option groups, and the materials and hardware of the
 *                                 current revision to bind them to;
 *   PUT  /projects/{id}/options   replaces them: 400 `invalid_request` for a value out of range (a
 *                                 price that is not a number), 400 `invalid_quote_options` for an id
 *                                 given twice, 400 `option_binds_nothing` for a group bound to no
 *                                 part; an approval given on options whose total no longer holds
 *                                 asks for approval again;
 *                                 a texture not uploaded to the project is 400 `unknown_texture`
 *                                 (the textures themselves: quoteTextures.ts);
 *   GET  /projects/accessKeys/{key}/options  the groups a link offers (`isOptionsAvailable`);
 *   GET  .../quote.pdf?options=&lang=        the quote of a selection as a PDF (owner, and a link
 *                                 with the estimate or the options).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import * as z from 'zod/mini';
import { INVALID_QUOTE_OPTIONS, OPTION_BINDS_NOTHING, UNKNOWN_TEXTURE, type LinkQuote, type ProjectQuote as ProjectQuoteWire } from '../../src/api/quoteSchemas';
import { optionsInForce, quoteOptionsProblems, quoteOptionsSchema, type QuoteOptions, type QuoteOptionsProblem } from '../../src/model/quote/quoteOptions';
import { boundCount, boundNodes } from '../../src/model/quote/quotePrice';
import { workshopPartsOf, type WorkshopParts } from '../../src/model/cutting/workshopParts';
import { findQuoteOptions, saveQuoteOptions } from '../db/quotes';
import { findWorkshopSettings } from '../db/workshopSettings';
import { toSeconds } from '../domain/clock';
import { canReadEstimate, canReadOptions } from '../domain/permissions';
import { posterBlobKey } from '../domain/projectBlobKeys';
import { ApiError, notFound, parseInput } from './errors';
import { SHARED_NOT_FOUND } from './params';
import { partTreeOf } from './partsLists';
import { attachmentDisposition } from './projectExport';
import { offeredOptions, projectQuote, reopenChangedQuotes, sameChoices, selectionOf } from './projectQuote';
import { ownerScope, scopeResolver, type ProjectScope } from './projectScope';
import { quotePdf } from './quotePdf';
import { fileNamePart } from './machiningFiles';
import { missingTextures, textureUrls } from './quoteTextures';

const langQuery = z.object({ lang: z._default(z.enum(['en', 'fr']), 'en') });

function problemText(problem: QuoteOptionsProblem): string {
  if (problem.code === 'bindsNothing') return `The group “${problem.group}” is bound to no part of the current model: check its material or hardware name.`;
  if (problem.code === 'duplicateGroup') return `Two groups are called “${problem.group}”: give each its own name.`;
  return `The group “${problem.group}” has two choices called “${problem.choice ?? ''}”: give each its own name.`;
}

/** Board materials and hardware names of these parts, with their counts, for the editor's binding. */
function bindable(parts: WorkshopParts): Pick<ProjectQuoteWire, 'materials' | 'hardware'> {
  const materials = new Map<string, number>();
  for (const p of parts.parts) materials.set(p.material, (materials.get(p.material) ?? 0) + 1);
  return {
    materials: [...materials].map(([name, count]) => ({ name, parts: count })).sort((a, b) => b.parts - a.parts || a.name.localeCompare(b.name)),
    hardware: parts.hardware.map((h) => ({ name: h.name, quantity: h.quantity })).sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name)),
  };
}

/** The owner's editor: GET and PUT /projects/{id}/options. */
export const ownerQuoteRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs, clock } = app.services;

  /** The project's own options, or while it has none the workshop's defaults (`defaults: true`). */
  const answer = async (scope: ProjectScope, own: QuoteOptions): Promise<ProjectQuoteWire> => {
    const settings = await findWorkshopSettings(db, scope.project.ownerId);
    const parts = scope.project.modelBlobKey ? workshopPartsOf(await partTreeOf(blobs, scope), settings) : { parts: [], hardware: [] };
    const { options, defaults } = optionsInForce(own, settings.quoteOptions);
    return { options, defaults, ...bindable(parts), currency: settings.currency, textures: textureUrls(options, { projectId: scope.project.id }) };
  };

  app.get('/options', { onRequest: app.authenticate }, async (request, reply) => {
    const scope = await ownerScope(request);
    reply.header('Cache-Control', 'no-store');
    return answer(scope, await findQuoteOptions(db, scope.project.id));
  });

  app.put('/options', { onRequest: app.authenticate }, async (request) => {
    const scope = await ownerScope(request);
    const options = parseInput(quoteOptionsSchema, request.body);
    const settings = await findWorkshopSettings(db, scope.project.ownerId);
    const parts = scope.project.modelBlobKey ? workshopPartsOf(await partTreeOf(blobs, scope), settings) : null;
    const problems = quoteOptionsProblems(options, parts ? (group) => boundCount(group, parts) : undefined);
    if (problems.length > 0) {
      const problem = problems[0];
      throw new ApiError(400, problem.code === 'bindsNothing' ? OPTION_BINDS_NOTHING : INVALID_QUOTE_OPTIONS, problemText(problem));
    }
    const textures = options.groups.flatMap((g) => g.choices.flatMap((c) => (c.texture ? [c.texture] : [])));
    if ((await missingTextures(blobs, scope.project.id, textures)).length > 0) {
      throw new ApiError(400, UNKNOWN_TEXTURE, 'A texture of these options was not uploaded to this project: upload it again.');
    }
    const now = toSeconds(clock());
    await saveQuoteOptions(db, scope.project.id, options, now);
    await reopenChangedQuotes(app.services, scope.project.ownerId, [scope.project.id], now);
    return answer(scope, options);
  });
};

/** The link's options, and the quote PDF for both: under /projects/{id} or /projects/accessKeys/{key}. */
export const quoteRoutes: FastifyPluginAsync<{ via: 'owner' | 'link' }> = async (app, { via }) => {
  const { db, blobs, clock } = app.services;
  const resolve = scopeResolver(via);
  const hooks = { onRequest: via === 'owner' ? app.authenticate : app.identify };

  if (via === 'link') {
    app.get('/options', hooks, async (request: FastifyRequest, reply): Promise<LinkQuote> => {
      const scope = await resolve(request);
      if (!canReadOptions(scope.via, scope.project)) throw notFound(SHARED_NOT_FOUND);
      const settings = await findWorkshopSettings(db, scope.project.ownerId);
      const tree = await partTreeOf(blobs, scope);
      const parts = workshopPartsOf(tree, settings);
      const options = offeredOptions(optionsInForce(await findQuoteOptions(db, scope.project.id), settings.quoteOptions).options, parts);
      reply.header('Cache-Control', 'no-store');
      return {
        options,
        currency: settings.currency,
        nodes: Object.fromEntries(options.groups.map((g) => [g.id, boundNodes(g, tree, parts)])),
        textures: textureUrls(options, { accessKey: scope.project.accessKey }),
      };
    });
  }

  app.get('/quote.pdf', hooks, async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = await resolve(request);
    if (!canReadEstimate(scope.via, scope.project)) throw notFound(SHARED_NOT_FOUND);
    const { selection, mode } = selectionOf(request.query);
    const { lang } = parseInput(langQuery, request.query ?? {});
    const priced = await projectQuote(app.services, scope, selection, mode);
    const { project } = scope;
    const webp = await blobs.get(posterBlobKey(project.id, project.revisionNumber));
    const poster = webp ? await sharp(webp).png().toBuffer().catch(() => null) : null;
    const approval = project.approval;
    const approved =
      approval && approval.revisionNumber === project.revisionNumber && approval.quote && sameChoices(approval.quote.choices, priced.selection)
        ? { name: approval.name, date: new Date(approval.date * 1000), quote: approval.quote }
        : null;
    const bytes = await quotePdf(
      {
        projectName: project.name,
        revisionNumber: project.revisionNumber,
        currency: priced.settings.currency,
        quote: priced.quote,
        date: new Date(clock()),
        validityDays: priced.options.validityDays ?? 30,
        poster: poster ? new Uint8Array(poster.buffer, poster.byteOffset, poster.byteLength) : null,
        approval: approved,
      },
      lang,
    );
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachmentDisposition(`${fileNamePart(project.name)}-${lang === 'fr' ? 'devis' : 'quote'}.pdf`))
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
};
