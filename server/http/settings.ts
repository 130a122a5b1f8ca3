/** PATCH /api/v1/settings: the caller's preferred language, distance unit and fraction of an inch (the login answer carries them). */
import type { FastifyPluginAsync } from 'fastify';
import { settingsPatchSchema } from '../../src/api/schemas';
import { updateUserSettings } from '../db/users';
import { requireUser } from './authenticate';
import { badRequest, parseInput } from './errors';

export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.services;

  app.patch('', { onRequest: app.authenticate }, async (request, reply) => {
    const user = requireUser(request);
    const patch = parseInput(settingsPatchSchema, request.body);
    if (patch.preferredDisplayLanguage === undefined && patch.preferredDistanceUnit === undefined && patch.preferredInchFraction === undefined) {
      throw badRequest('Nothing to update.');
    }
    await updateUserSettings(db, user.id, {
      preferredLanguage: patch.preferredDisplayLanguage,
      preferredUnit: patch.preferredDistanceUnit,
      preferredInchFraction: patch.preferredInchFraction,
    });
    return reply.status(204).send();
  });
};
