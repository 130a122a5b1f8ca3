/**
 * The upload a reload would stop, kept in browser storage while the file goes up or converts
 * (the browser keeps no file across a reload): the next page says the upload stopped and offers
 * to choose the file again.
 */
import * as z from 'zod/mini';
import { persisted, type KeyValueStorage, type Persisted } from '../storage/persisted';
import type { InterruptedUpload } from './uploadTypes';

const KEY = 'cv.uploadInProgress';

const interruptedUploadSchema = z.object({
  kind: z.enum(['create', 'update']),
  fileName: z.string().check(z.maxLength(500)),
  projectId: z.nullable(z.int()),
});

export function interruptedUploadStore(storage: KeyValueStorage): Persisted<InterruptedUpload> {
  return persisted(storage, KEY, 1, interruptedUploadSchema);
}
