/**
 * Branding (prefix /api/v1/branding): whether the caller has a custom logo, and the logo itself,
 * read, replaced (any raster image, stored re-encoded) and removed.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { brandingSchema } from '../../src/api/schemas';
import { deleteBrandingLogo, findBranding, setBrandingLogo } from '../db/branding';
import { generateAccessKey } from '../domain/accessKeys';
import { toSeconds } from '../domain/clock';
import { logoBlobKey } from '../domain/projectBlobKeys';
import { requireUser } from './authenticate';
import { ApiError } from './errors';
import { LOGO_MAX_BYTES, normalizeLogo, UNSUPPORTED_LOGO } from './uploadedImage';
import { customLogo, DEFAULT_LOGO, sendLogo } from './logoResponse';

export const brandingRoutes: FastifyPluginAsync = async (app) => {
  const { db, blobs, clock } = app.services;
  // Checked on arrival, before any body (a logo) is read.
  const auth = { onRequest: app.authenticate };

  // The logo comes as the raw file (the browser sends the Blob with its own type, or none).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.get('', auth, async (request, reply): Promise<z.input<typeof brandingSchema>> => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return { isCustomLogo: (await findBranding(db, user.id)) !== undefined };
  });

  app.get('/logo', auth, async (request, reply) => {
    const user = requireUser(request);
    const logo = (await customLogo(db, blobs, user.id)) ?? DEFAULT_LOGO;
    return sendLogo(request, reply, logo, 'private, no-cache');
  });

  app.put('/logo', { ...auth, bodyLimit: LOGO_MAX_BYTES }, async (request, reply) => {
    const user = requireUser(request);
    if (!Buffer.isBuffer(request.body)) throw new ApiError(415, 'unsupported_media_type', UNSUPPORTED_LOGO);
    const png = await normalizeLogo(request.body);
    const key = logoBlobKey(user.id, generateAccessKey());
    await blobs.put(key, png);
    let previous: string | undefined;
    try {
      previous = await db.transaction().execute((trx) =>
        setBrandingLogo(trx, { userId: user.id, logoBlobKey: key, logoContentType: 'image/png', updatedAt: toSeconds(clock()) }),
      );
    } catch (error) {
      await blobs.delete(key);
      throw error;
    }
    if (previous && previous !== key) await blobs.delete(previous);
    return reply.status(204).send();
  });

  app.delete('/logo', auth, async (request, reply) => {
    const user = requireUser(request);
    const previous = await deleteBrandingLogo(db, user.id);
    if (previous) await blobs.delete(previous);
    return reply.status(204).send();
  });
};
