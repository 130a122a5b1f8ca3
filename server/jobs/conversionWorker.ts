/**
 * The worker side of the conversion queue: takes a job, converts its upload with the same
 * conversion pool as the in-process path, records the project itself (credit, project row, files
 * and the job's end in one transaction) and tells the waiting socket through job events. A job run
 * again after its worker died finds its end recorded and only announces it again.
 *
 * A refusal the user must read (the file cannot be converted, no credit left, the project changed)
 * ends the job as `failed` with that message; anything else fails the try, and pg-boss runs it
 * again (the last try records the failure, so the socket hears it).
 */
import { activityText } from '../../src/api/conversionActivity.js';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Converter } from '../convert/converter';
import { ConversionError } from '../convert/errors';
import type { Db } from '../db/database';
import { findOwnedProject } from '../db/projects';
import { deleteUploadJobEndsBefore, findUploadJobEnd, recordUploadJobEnd, type UploadJobEnd } from '../db/uploadJobs';
import { systemClock, toSeconds, type Clock } from '../domain/clock';
import { uploadFolder, type ConversionJob } from '../domain/conversionJobs';
import { progressRelay } from '../domain/progressRelay';
import { commitModelUpdate, commitNewProject, InsufficientCreditsError, ProjectChangedError, type OnCommit } from '../domain/revisionCommit';
import { UPLOAD_MESSAGES } from '../domain/uploadErrors';
import type { BlobStore } from '../storage/blobStore';
import { CONVERSION_QUEUE } from './conversionQueue';
import { startHeartbeat, startSweeping } from './heartbeats';
import { publishJobEvent } from './jobEvents';

interface WorkerDeps {
  db: Db;
  blobs: BlobStore;
  boss: PgBoss;
  /** pg-boss's schema (bossSchemaFor), where the sweeper reads the active jobs. */
  bossSchema: string;
  converter: Converter;
  revisionsKept: number;
  clock?: Clock;
  log?: FastifyBaseLogger;
}

const SAVING_ACTIVITY = activityText({ step: 'saving' });
const LOST_UPLOAD = 'The uploaded file was lost before it could be converted. Try again.';

/** A refusal meant for the user: the job ends with it and is not run again. */
class JobRefusal extends Error {}

async function announce(db: Db, jobId: string, end: UploadJobEnd): Promise<void> {
  await publishJobEvent(db, end.state === 'done' ? { jobId, type: 'result', projectId: end.projectId } : { jobId, type: 'error', message: end.message });
}

async function record(deps: WorkerDeps, job: ConversionJob): Promise<number> {
  const { db, blobs, converter } = deps;
  const clock = deps.clock ?? systemClock;
  const bytes = await blobs.get(job.originalKey);
  if (!bytes) throw new JobRefusal(LOST_UPLOAD);
  const relay = progressRelay((progress, activity) => {
    publishJobEvent(db, { jobId: job.jobId, type: 'status', progress, activity }).catch(() => undefined);
  }, 250);
  let converted;
  try {
    converted = await converter.convert({ fileName: job.fileName, bytes, onProgress: relay });
  } catch (error) {
    if (error instanceof ConversionError) throw new JobRefusal(error.message);
    throw error;
  }
  await publishJobEvent(db, { jobId: job.jobId, type: 'status', progress: 1, activity: SAVING_ACTIVITY });
  const model = { glb: converted.glb, assets: converted.assets, notes: converted.notes, original: { fileName: job.fileName, bytes } };
  const nowSeconds = toSeconds(clock());
  const onCommit: OnCommit = (trx, project) => recordUploadJobEnd(trx, job.jobId, { state: 'done', projectId: project.id }, nowSeconds);
  try {
    if (job.kind === 'create') {
      const project = await commitNewProject({ db, blobs }, { ownerId: job.ownerId, name: job.name, nowSeconds, model, payment: { kind: 'charge' }, onCommit });
      return project.id;
    }
    const project = await findOwnedProject(db, job.projectId, job.ownerId);
    if (!project || project.revisionNumber !== job.fromRevision) throw new ProjectChangedError();
    await commitModelUpdate({ db, blobs, revisionsKept: deps.revisionsKept }, { project, nowSeconds, model, charge: job.charge, approval: job.approval, onCommit });
    return project.id;
  } catch (error) {
    if (error instanceof InsufficientCreditsError) throw new JobRefusal(UPLOAD_MESSAGES.insufficientCredits);
    if (error instanceof ProjectChangedError) throw new JobRefusal(UPLOAD_MESSAGES.projectChanged);
    throw error;
  }
}

/** Runs one try of a job; resolves when the job is over (done or refused), throws to have it run again. */
async function runConversionJob(deps: WorkerDeps, job: ConversionJob, lastTry: boolean): Promise<void> {
  const { db, blobs } = deps;
  const nowSeconds = () => toSeconds((deps.clock ?? systemClock)());
  let end = await findUploadJobEnd(db, job.jobId);
  if (!end) {
    try {
      end = { state: 'done', projectId: await record(deps, job) };
    } catch (error) {
      if (!(error instanceof JobRefusal) && !lastTry) {
        deps.log?.warn({ err: error, jobId: job.jobId }, 'conversion job failed; it will run again');
        throw error;
      }
      if (!(error instanceof JobRefusal)) deps.log?.error({ err: error, jobId: job.jobId }, 'conversion job failed on its last try');
      await recordUploadJobEnd(db, job.jobId, { state: 'failed', message: error instanceof JobRefusal ? error.message : UPLOAD_MESSAGES.internal }, nowSeconds());
      // Whichever end was written first is the one told.
      end = (await findUploadJobEnd(db, job.jobId)) ?? { state: 'failed', message: UPLOAD_MESSAGES.internal };
    }
  }
  await blobs.deleteFolder(uploadFolder(job.jobId)).catch(() => undefined);
  await announce(db, job.jobId, end);
}

/** Recorded ends are kept a week: every try of a job (each under a day) is over long before. */
const JOB_END_KEPT_SECONDS = 7 * 86_400;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

interface ConversionWorker {
  stop(): Promise<void>;
}

/** Takes jobs of the conversion queue, `concurrency` at a time (one per conversion thread), beating for each, and sweeps lost jobs. */
export async function startConversionWorker(deps: WorkerDeps, concurrency: number): Promise<ConversionWorker> {
  const ids: string[] = [];
  for (let i = 0; i < concurrency; i += 1) {
    ids.push(
      await deps.boss.work<ConversionJob>(
        CONVERSION_QUEUE,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 },
        async ([job]) => {
          const stopBeating = startHeartbeat(deps.db, job.id, deps.log);
          try {
            await runConversionJob(deps, job.data, job.retryCount >= job.retryLimit);
          } finally {
            await stopBeating();
          }
        },
      ),
    );
  }
  const prune = () =>
    deleteUploadJobEndsBefore(deps.db, toSeconds((deps.clock ?? systemClock)()) - JOB_END_KEPT_SECONDS).catch((error: unknown) =>
      deps.log?.warn({ err: error }, 'old upload job ends could not be deleted'),
    );
  void prune();
  const pruning = setInterval(prune, PRUNE_EVERY_MS).unref();
  const stopSweeping = startSweeping(deps);
  return {
    async stop() {
      clearInterval(pruning);
      stopSweeping();
      for (const id of ids) await deps.boss.offWork({ id });
    },
  };
}
