/** The public URL of a project (SPEC §2): the site origin plus /s/ plus the access key. */
import { publicUrlOf } from '../../api/schemas';

export const publicLinkOf = (accessKey: string, origin: string): string => publicUrlOf({ accessKey }, origin);
