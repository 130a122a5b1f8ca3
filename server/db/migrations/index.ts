/** Every migration, in order. Names sort in the order they must run; never rename or edit one once shipped. */
import type { Migration } from 'kysely';
import type { SqlDialect } from '../database';
import { foundation } from './0001_foundation';
import { conversionNotes } from './0002_conversion_notes';
import { revisionsAndApproval } from './0003_revisions_and_approval';
import { listVersion } from './0005_list_version';
import { sharedLimits } from './0006_shared_limits';
import { uploadJobs } from './0007_upload_jobs';
import { secureTokenSession } from './0008_secure_token_session';
import { conversionHeartbeats } from './0009_conversion_heartbeats';
import { reviewLoop } from './0010_review_loop';
import { workshopSettings } from './0011_workshop_settings';
import { inchFraction } from './0012_inch_fraction';
import { notePins } from './0013_note_pins';
import { quoteOptions } from './0014_quote_options';

export function allMigrations(dialect: SqlDialect): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
    '0002_conversion_notes': conversionNotes(),
    '0003_revisions_and_approval': revisionsAndApproval(),
    '0005_list_version': listVersion(),
    '0006_shared_limits': sharedLimits(),
    '0007_upload_jobs': uploadJobs(),
    '0008_secure_token_session': secureTokenSession(),
    '0009_conversion_heartbeats': conversionHeartbeats(),
    '0010_review_loop': reviewLoop(dialect),
    '0011_workshop_settings': workshopSettings(),
    '0012_inch_fraction': inchFraction(),
    '0013_note_pins': notePins(dialect),
    '0014_quote_options': quoteOptions(),
  };
}
