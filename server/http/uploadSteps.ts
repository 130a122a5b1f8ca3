/** The steps both upload sockets share: read the message, check the token and the file, convert, answer. */
import { activityText } from '../../src/api/conversionActivity.js';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { projectSchema } from '../../src/api/schemas';
import { decodeUploadMessage, type DecodedUpload } from '../../src/api/uploadMessage';
import { consumeSecureToken } from '../auth/secureTokens';
import type { Converter } from '../convert/converter';
import type { ConversionQueue } from '../jobs/conversionQueue';
import { detectFormat } from '../convert/detect';
import { findOwnedProject } from '../db/projects';
import { findUserById } from '../db/users';
import { toSeconds } from '../domain/clock';
import { NoReplyError, type UploadChannel } from './uploadChannel';
import type { ConvertedModel } from './uploadCommit';
import { UPLOAD_MESSAGES, UploadRefusal } from './uploadErrors';
import { progressRelay } from './progressRelay';
import { toOwnerProject } from './projectViews';
import type { Services } from './services';

export interface UploadTimeouts {
  /** From the socket opening to the whole upload message arriving. */
  messageMs: number;
  /** From confirmConsumeCredit to the client's answer. */
  confirmMs: number;
}

export interface UploadContext {
  channel: UploadChannel;
  services: Services;
  converter: Converter | undefined;
  /** With PostgreSQL and the queue on: conversions are jobs a worker runs and records (uploadQueued.ts). */
  queue?: ConversionQueue;
  /** When the socket opened: the secure token must have been valid then. */
  openedAtSeconds: number;
  /** The secure token the socket was opened with (checked then); the message must carry the same. */
  openedWithToken: string;
  timeouts: UploadTimeouts;
  /** The socket's request logger (the parsers' output goes there at debug level). */
  log?: FastifyBaseLogger;
}

export const SAVING_ACTIVITY = activityText({ step: 'saving' });

/** The binary upload message split into its `count` text parts and the file. */
export async function receiveUpload(context: UploadContext, count: number): Promise<DecodedUpload> {
  let message;
  try {
    message = await context.channel.next(context.timeouts.messageMs);
  } catch (error) {
    throw error instanceof NoReplyError ? new UploadRefusal(UPLOAD_MESSAGES.uploadTimeout) : error;
  }
  const decoded = message.isBinary ? decodeUploadMessage(message.data, count) : null;
  if (!decoded) throw new UploadRefusal(UPLOAD_MESSAGES.invalidMessage);
  return decoded;
}

/** The enabled user the single-use token was issued to; anything else ends the upload. */
export async function authorizeUpload(context: UploadContext, token: string): Promise<number> {
  const { db } = context.services;
  if (token !== context.openedWithToken) throw new UploadRefusal(UPLOAD_MESSAGES.badToken);
  const userId = await consumeSecureToken(db, token, context.openedAtSeconds);
  const user = userId === undefined ? undefined : await findUserById(db, userId);
  if (!user || user.disabled) throw new UploadRefusal(UPLOAD_MESSAGES.badToken);
  return user.id;
}

/** Size, extension and real content, checked before any credit question or conversion work. */
export function checkFile(context: UploadContext, fileName: string, file: Uint8Array): void {
  detectFormat(fileName, file, { maxBytes: context.services.config.maxUploadBytes });
}

/** Converts in the worker pool, relaying progress as status messages; stops if the client leaves. */
export async function convertUpload(context: UploadContext, fileName: string, file: Uint8Array): Promise<ConvertedModel> {
  const { channel, converter } = context;
  if (!converter) throw new UploadRefusal(UPLOAD_MESSAGES.noConverter);
  const onProgress = progressRelay((progress, activity) => channel.send({ type: 'status', progress, activity }));
  const { glb, assets, notes } = await converter.convert({
    fileName,
    bytes: file,
    onProgress,
    signal: channel.signal,
    onOutput: (output) => context.log?.debug({ fileName, lines: output.lines, moreLines: output.dropped }, 'converter output'),
  });
  channel.signal.throwIfAborted();
  channel.send({ type: 'status', progress: 1, activity: SAVING_ACTIVITY });
  return { glb, assets, notes, original: { fileName, bytes: file } };
}

export function nowSeconds(context: UploadContext): number {
  return toSeconds(context.services.clock());
}

/** The project as the `result` message carries it (the owner's view, as GET /projects/{id}). */
export async function ownerView(context: UploadContext, projectId: number, ownerId: number): Promise<z.input<typeof projectSchema>> {
  const project = await findOwnedProject(context.services.db, projectId, ownerId);
  if (!project) throw new UploadRefusal(UPLOAD_MESSAGES.projectChanged);
  return toOwnerProject(project);
}
