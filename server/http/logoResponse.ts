/**
 * Sends a logo: the user's re-encoded PNG, else our own default SVG. Revalidated on each use
 * (the URL stays while the logo changes), with an ETag so an unchanged logo costs a 304.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { findBranding } from '../db/branding';
import type { BlobStore } from '../storage/blobStore';
import { DEFAULT_LOGO_SVG } from '../assets/defaultLogo';
import { etagMatches } from './etag';

interface LogoFile {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

const DEFAULT_LOGO_BYTES = Buffer.from(DEFAULT_LOGO_SVG, 'utf8');

export const DEFAULT_LOGO: LogoFile = {
  bytes: DEFAULT_LOGO_BYTES,
  contentType: 'image/svg+xml',
  etag: `"default-${createHash('sha256').update(DEFAULT_LOGO_BYTES).digest('hex').slice(0, 16)}"`,
};

/** The user's custom logo, or undefined when it has none (or its file went missing). */
export async function customLogo(db: Db, blobs: BlobStore, userId: number): Promise<LogoFile | undefined> {
  const branding = await findBranding(db, userId);
  if (!branding) return undefined;
  const bytes = await blobs.get(branding.logoBlobKey);
  if (!bytes) return undefined;
  const version = /logo-([A-Za-z0-9]+)\.png$/.exec(branding.logoBlobKey)?.[1] ?? String(branding.updatedAt);
  return { bytes, contentType: branding.logoContentType, etag: `"${version}"` };
}


export function sendLogo(request: FastifyRequest, reply: FastifyReply, logo: LogoFile, cacheControl: string) {
  reply
    .header('Cache-Control', cacheControl)
    .header('ETag', logo.etag)
    // Even our own SVG is shown only as an image: no scripts, no loads, if opened directly.
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('Content-Disposition', 'inline');
  if (etagMatches(request.headers['if-none-match'], logo.etag)) return reply.status(304).send();
  return reply.type(logo.contentType).send(logo.bytes);
}
