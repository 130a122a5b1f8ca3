/**
 * The end of an upload when conversions are jobs (PostgreSQL with the queue on): the file goes to
 * the blob store, a job is sent, and this socket relays the job's events (status, then result or
 * error) from whichever worker runs it. The worker records the project, so once the job is sent
 * the upload no longer depends on this process or this socket: a client that leaves, or an API
 * process that dies, still gets its project, once. Events are heard through NOTIFY; the job's
 * recorded end is also read every few seconds, for an answer sent while this process was not
 * listening. With no answer within the queue's bounded wait the socket says so.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { projectSchema } from '../../src/api/schemas';
import { findUploadJobEnd, type UploadJobEnd } from '../db/uploadJobs';
import { uploadOriginalKey, type ConversionJob, type ConversionQueue } from '../domain/conversionJobs';
import { progressRelay } from '../domain/progressRelay';
import { UPLOAD_MESSAGES, UploadRefusal } from '../domain/uploadErrors';
import { countedConversion, ownerView, type UploadContext } from './uploadSteps';

type JobRequest = (ConversionJob extends infer J ? (J extends ConversionJob ? Omit<J, 'jobId' | 'originalKey'> : never) : never) & { file: Uint8Array };

export const QUEUED_ACTIVITY = 'Waiting for a converter';
export const JOB_TIMEOUT_MESSAGE = UPLOAD_MESSAGES.jobTimeout;
const RECORDED_END_CHECK_MS = 5000;

export async function convertQueued(
  context: UploadContext,
  queue: ConversionQueue,
  request: JobRequest,
): Promise<z.input<typeof projectSchema>> {
  const { channel, services } = context;
  const { file, ...fields } = request;
  const jobId = randomUUID();
  const originalKey = uploadOriginalKey(jobId, fields.fileName);
  await services.blobs.put(originalKey, file);

  const end = await countedConversion(context, fields.fileName, 'queue', async () => {
    const answer = await new Promise<UploadJobEnd>((resolve, reject) => {
      const relay = progressRelay((progress, activity) => channel.send({ type: 'status', progress, activity }));
      let settled = false;
      const finish = (outcome: { end: UploadJobEnd } | { error: unknown }) => {
        if (settled) return;
        settled = true;
        unwatch();
        clearTimeout(timer);
        clearInterval(check);
        channel.signal.removeEventListener('abort', onAbort);
        if ('end' in outcome) resolve(outcome.end);
        else reject(outcome.error);
      };
      const unwatch = queue.events.watch(jobId, (event) => {
        if (event.type === 'status') relay(event.progress, event.activity);
        else if (event.type === 'result') finish({ end: { state: 'done', projectId: event.projectId } });
        else finish({ end: { state: 'failed', message: event.message } });
      });
      const timer = setTimeout(() => finish({ error: new UploadRefusal(JOB_TIMEOUT_MESSAGE) }), queue.answerTimeoutMs);
      const check = setInterval(() => {
        findUploadJobEnd(services.db, jobId).then(
          (recorded) => recorded && finish({ end: recorded }),
          () => undefined,
        );
      }, RECORDED_END_CHECK_MS);
      // The job goes on without the client: its project is recorded and shows in the list.
      const onAbort = () => finish({ error: channel.signal.reason ?? new Error('client gone') });
      channel.signal.addEventListener('abort', onAbort, { once: true });
      if (channel.signal.aborted) onAbort();
      queue.send({ ...fields, jobId, originalKey } as ConversionJob).then(
        () => !settled && relay(0, QUEUED_ACTIVITY),
        (error: unknown) => {
          services.blobs.delete(originalKey).catch(() => undefined);
          finish({ error });
        },
      );
    });
    if (answer.state === 'failed') throw new UploadRefusal(answer.message || UPLOAD_MESSAGES.internal);
    return answer;
  });
  return ownerView(context, end.projectId, request.ownerId);
}
