/** GET /api/v1/subscriptionPlans/active: the caller's plans that have not expired (SPEC §3 plan fields). */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { subscriptionPlanSchema } from '../../src/api/schemas';
import { listActivePlans } from '../db/plans';
import { toSeconds } from '../domain/clock';
import { requireUser } from './authenticate';

export const subscriptionPlanRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock } = app.services;

  app.get('/active', { onRequest: app.authenticate }, async (request, reply): Promise<z.input<typeof subscriptionPlanSchema>[]> => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return (await listActivePlans(db, user.id, toSeconds(clock()))).map((plan) => ({
      sku: plan.sku,
      name: plan.name,
      consumedCreditCount: plan.consumedCredits,
      totalCreditCount: plan.totalCredits,
      maxUpdatePerCredit: plan.maxUpdatePerCredit,
      expirationDate: plan.expirationDate,
    }));
  });
};
