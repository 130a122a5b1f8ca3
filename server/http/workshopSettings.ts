/**
 * The caller's workshop settings (prefix /api/v1/settings/workshop): materials with their sheets,
 * saw and prices, hardware prices, labour per part, currency.
 *   GET ''  the settings (the defaults until saved);
 *   PUT ''  replaces them: 400 `invalid_request` for a value out of range, 400 `invalid_settings`
 *           for a rule across fields (a trim that leaves no sheet, a name listed twice).
 */
import type { FastifyPluginAsync } from 'fastify';
import { settingsProblemText, workshopSettingsProblems, workshopSettingsSchema, type WorkshopSettings } from '../../src/model/cutting/workshopSettings';
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
    const settings = parseInput(workshopSettingsSchema, request.body);
    const problems = workshopSettingsProblems(settings);
    if (problems.length > 0) throw new ApiError(400, 'invalid_settings', settingsProblemText(problems[0]));
    const now = toSeconds(clock());
    await saveWorkshopSettings(db, user.id, settings, now);
    // Approvals given on options whose total the new prices change ask for approval again.
    await reopenQuotesOfOwner(app.services, user.id, now);
    return settings;
  });
};
