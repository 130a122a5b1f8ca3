/**
 * What the API and the conversion workers agree on when conversions are jobs: the job a socket
 * sends, the events its worker answers with, and the queue as the sockets see it. The upload
 * sockets (server/http) and the workers (server/jobs) both read this, never each other; the queue
 * itself (pg-boss, PostgreSQL NOTIFY) is server/jobs' business, handed to the app by server/main.ts.
 */

/** What a worker needs to convert an upload and record it, once the API has asked every question. */
export type ConversionJob = {
  jobId: string;
  ownerId: number;
  fileName: string;
  /** The uploaded file in the blob store (uploads/<jobId>/original<ext>). */
  originalKey: string;
} & ({ kind: 'create'; name: string } | { kind: 'update'; projectId: number; fromRevision: number; charge: 'free' | 'paid'; approval?: 'reopen' | 'keep' });

/** What a job tells the socket waiting for it, whichever API process holds that socket. */
export type JobEvent =
  | { jobId: string; type: 'status'; progress: number; activity: string }
  | { jobId: string; type: 'result'; projectId: number }
  | { jobId: string; type: 'error'; message: string };

export interface JobEventHub {
  /** Calls `handler` with each event of `jobId` until the returned function is called. */
  watch(jobId: string, handler: (event: JobEvent) => void): () => void;
  close(): Promise<void>;
}

export interface ConversionQueue {
  /** Seconds a job may stay active before another worker gets it. */
  readonly expirySeconds: number;
  /** How long a socket waits for its job's answer before telling the user the conversion did not finish. */
  readonly answerTimeoutMs: number;
  readonly events: JobEventHub;
  send(job: ConversionJob): Promise<void>;
  /** Jobs waiting for a worker (readiness and operators); throws when the queue's tables cannot be read. */
  waiting(): Promise<number>;
  /** Age in seconds of the oldest job no worker has taken yet (0 when none waits), for the metrics. */
  oldestWaitingSeconds(): Promise<number>;
  close(): Promise<void>;
}

/** The upload's key in the blob store until its job has been recorded. */
export function uploadOriginalKey(jobId: string, fileName: string): string {
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(fileName)?.[0].toLowerCase() ?? '';
  return `uploads/${jobId}/original${ext}`;
}

export function uploadFolder(jobId: string): string {
  return `uploads/${jobId}`;
}
