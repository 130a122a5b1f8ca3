/** The list's step filter and sort, kept in browser storage between visits (versioned; the search is not kept). */
import * as z from 'zod/mini';
import { STAGES } from '../../api/schemas';
import { persisted, type KeyValueStorage, type Persisted } from '../storage/persisted';
import { SORT_KEYS, type ProjectQuery } from './projectQuery';

const LIST_QUERY_KEY = 'cv.listQuery';

const storedQuerySchema = z.object({
  stage: z.enum(['all', ...STAGES]),
  sort: z.enum(SORT_KEYS),
  reversed: z.boolean(),
});

export function listQueryStore(storage: KeyValueStorage): Persisted<Omit<ProjectQuery, 'search'>> {
  return persisted(storage, LIST_QUERY_KEY, 1, storedQuerySchema);
}
