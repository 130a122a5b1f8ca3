/** The steps both upload sockets share: read the message, check the token and the file, convert, answer. */
import { activityText } from '../../src/api/conversionActivity.js';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { projectSchema } from '../../src/api/schemas';
import { decodeUploadMessage, type DecodedUpload } from '../../src/api/uploadMessage';
import { grantStillValid, type SecureTokenGrant } from '../auth/secureTokens';
import type { Converter } from '../convert/converter';
import type { ConversionQueue } from '../domain/conversionJobs';
import { detectFormat } from '../convert/detect';
import { ConversionError } from '../convert/errors';
import type { ConversionOutcome } from './metrics';
import { findOwnedProject } from '../db/projects';
import { toSeconds } from '../domain/clock';
import { IdleClientError, NoReplyError, type UploadChannel } from './uploadChannel';
import type { ConvertedModel } from '../domain/revisionCommit';
import { isServiceFailure, UPLOAD_MESSAGES, UploadRefusal } from '../domain/uploadErrors';
import { progressRelay } from '../domain/progressRelay';
import { toOwnerProject } from './projectViews';
import type { Services } from './services';

export interface UploadTimeouts {
  /** From the socket opening to the whole upload message arriving. */
  messageMs: number;
  /** Until the whole upload message arrived: the longest time without a byte from the client. */
  idleMs: number;
  /** From confirmConsumeCredit to the client's answer. */
  confirmMs: number;
}

export interface UploadContext {
  channel: UploadChannel;
  services: Services;
  converter: Converter | undefined;
  /** With PostgreSQL and the queue on: conversions are jobs a worker runs and records (uploadQueued.ts). */
  queue?: ConversionQueue;
  /** The secure token the socket was opened with (used up then); the message must carry the same. */
  openedWithToken: string;
  /** Whom that token was issued to, and in which session. */
  grant: SecureTokenGrant;
  timeouts: UploadTimeouts;
  /** An update of an approved project keeps its stage (`?approval=keep` on the socket's URL) rather than asking for approval again. */
  keepApproval: boolean;
  /** The socket's request logger (the parsers' output goes there at debug level). */
  log?: FastifyBaseLogger;
}

const SAVING_ACTIVITY = activityText({ step: 'saving' });

/** The binary upload message split into its `count` text parts and the file. */
export async function receiveUpload(context: UploadContext, count: number): Promise<DecodedUpload> {
  let message;
  try {
    message = await context.channel.next(context.timeouts.messageMs, context.timeouts.idleMs);
  } catch (error) {
    if (error instanceof IdleClientError) throw new UploadRefusal(UPLOAD_MESSAGES.uploadIdle);
    throw error instanceof NoReplyError ? new UploadRefusal(UPLOAD_MESSAGES.uploadTimeout) : error;
  }
  const decoded = message.isBinary ? decodeUploadMessage(message.data, count) : null;
  if (!decoded) throw new UploadRefusal(UPLOAD_MESSAGES.invalidMessage);
  return decoded;
}

/**
 * The user the socket's token was issued to, when the message carries that token and the user is
 * still enabled with the session still alive (a logout or password change since the socket opened
 * ends the upload); anything else ends the upload.
 */
export async function authorizeUpload(context: UploadContext, token: string): Promise<number> {
  if (token !== context.openedWithToken) throw new UploadRefusal(UPLOAD_MESSAGES.badToken);
  if (!(await grantStillValid(context.services.db, context.grant))) throw new UploadRefusal(UPLOAD_MESSAGES.badToken);
  return context.grant.userId;
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
  const { glb, assets, notes } = await countedConversion(context, fileName, 'process', () =>
    converter.convert({
      fileName,
      bytes: file,
      onProgress,
      signal: channel.signal,
      onOutput: (output) => context.log?.debug({ fileName, lines: output.lines, moreLines: output.dropped }, 'converter output'),
    }),
  );
  channel.signal.throwIfAborted();
  channel.send({ type: 'status', progress: 1, activity: SAVING_ACTIVITY });
  return { glb, assets, notes, original: { fileName, bytes: file } };
}

/** Runs a conversion and counts it in the metrics: done, refused (the user's file or credit), abandoned (the client left) or failed. */
export async function countedConversion<T>(context: UploadContext, fileName: string, mode: 'process' | 'queue', work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const count = (outcome: ConversionOutcome) =>
    context.services.metrics.conversion({ fileName, mode, outcome, seconds: (performance.now() - started) / 1000 });
  try {
    const result = await work();
    count('done');
    return result;
  } catch (error) {
    const usersRefusal = (error instanceof UploadRefusal && !isServiceFailure(error.message)) || error instanceof ConversionError;
    count(usersRefusal ? 'refused' : context.channel.signal.aborted ? 'abandoned' : 'failed');
    throw error;
  }
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
