/**
 * The caller's workshop settings (prefix /api/v1/settings/workshop): materials with their sheets,
 * saw and prices, hardware prices, labour per part, currency.
 *   GET ''  the settings (the defaults until saved);
 *   PUT ''  replaces them: 400 `invalid_request` for a value out of range, 400 `invalid_settings`
 *           for a rule across fields (a trim that leaves no sheet, a name listed twice); the
 *           default quote options are kept whatever it sends;
 *   PUT '/options'  the default quote options (src/model/quote/quoteOptions.ts), which a project
 *           with none of its own offers; textures are dropped (they belong to one project); 400
 *           `invalid_quote_options` for an id given twice; `{groups: []}` removes them.
 */
import type { FastifyPluginAsync } from 'fastify';
import { settingsProblemText, workshopSettingsProblems, workshopSettingsSchema, type WorkshopSettings } from '../../src/model/cutting/workshopSettings';
import { INVALID_QUOTE_OPTIONS } from '../../src/api/quoteSchemas';
import { quoteOptionsProblems, quoteOptionsSchema, withoutTextures, type QuoteOptions } from '../../src/model/quote/quoteOptions';
import { toSeconds } from '../domain/clock';
import { findWorkshopSettings, saveWorkshopSettings } from '../db/workshopSettings';
import { requireUser } from './authenticate';
import { ApiError, parseInput } from './errors';
import { reopenQuotesOfOwner } from './projectQuote';

export const workshopSettingsRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock } = app.services;

  app.get('', { onRequest: app.authenticate }, async (request, reply): Promise<WorkshopSettings> => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return findWorkshopSettings(db, user.id);
  });

  app.put('', { onRequest: app.authenticate }, async (request): Promise<WorkshopSettings> => {
    const user = requireUser(request);
    const sent = parseInput(workshopSettingsSchema, request.body);
    const problems = workshopSettingsProblems(sent);
    if (problems.length > 0) throw new ApiError(400, 'invalid_settings', settingsProblemText(problems[0]));
    // The default quote options have their own route: an editor of prices that read them earlier does not undo them.
    const { quoteOptions: _sent, ...rest } = sent;
    const { quoteOptions } = await findWorkshopSettings(db, user.id);
    const settings: WorkshopSettings = quoteOptions ? { ...rest, quoteOptions } : rest;
    const now = toSeconds(clock());
    await saveWorkshopSettings(db, user.id, settings, now);
    // Approvals given on options whose total the new prices change ask for approval again.
    await reopenQuotesOfOwner(app.services, user.id, now);
    return settings;
  });

  app.put('/options', { onRequest: app.authenticate }, async (request): Promise<QuoteOptions> => {
    const user = requireUser(request);
    const options = withoutTextures(parseInput(quoteOptionsSchema, request.body));
    const problems = quoteOptionsProblems(options);
    if (problems.length > 0) throw new ApiError(400, INVALID_QUOTE_OPTIONS, 'Two groups, or two choices of a group, have one id: give each its own name.');
    const { quoteOptions: _old, ...settings } = await findWorkshopSettings(db, user.id);
    const now = toSeconds(clock());
    await saveWorkshopSettings(db, user.id, options.groups.length > 0 ? { ...settings, quoteOptions: options } : settings, now);
    // Projects offering the defaults whose approved total they change ask for approval again.
    await reopenQuotesOfOwner(app.services, user.id, now);
    return options;
  });
};
