/**
 * Kysely table types. Timestamps are whole seconds since the epoch (bigint columns read back as
 * numbers on both dialects); flags are 0/1 integers so that SQLite and PostgreSQL store them alike.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: Id;
  /** Normalised (trimmed, lower case): one account per e-mail address. */
  username: string;
  password_hash: string;
  full_name: string;
  avatar_url: string | null;
  disabled: Flag;
  preferred_language: string | null;
  preferred_unit: string | null;
  /** 16, 32 or 64 (the fraction of an inch workshop measures round to); null follows 1/16. */
  preferred_inch_fraction: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  /** Moves with every change to one of the user's projects (the list's ETag). */
  projects_version: ColumnType<number, number | undefined, number>;
}

export interface SubscriptionPlansTable {
  id: Id;
  user_id: number;
  sku: string;
  name: string;
  total_credits: number;
  consumed_credits: ColumnType<number, number | undefined, number>;
  max_update_per_credit: number;
  expiration_date: number;
  created_at: number;
}

export interface RefreshTokensTable {
  /** SHA-256 of the token (hex): the token itself is never stored. */
  id: string;
  family_id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

export interface SecureTokensTable {
  /** SHA-256 of the token (hex). */
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  /** The session (refresh-token family) that asked for it; null when the access token named none. */
  family_id: string | null;
}

export interface ProjectsTable {
  id: Id;
  owner_id: number;
  name: string;
  access_key: string;
  current_stage: string;
  is_published: Flag;
  /** JSON object of the seven share flags. */
  share_options: string;
  creation_date: number;
  modification_date: number;
  revision_number: ColumnType<number, number | undefined, number>;
  consumed_update_count: ColumnType<number, number | undefined, number>;
  max_update_count: ColumnType<number, number | undefined, number>;
  /** Blob key of the converted GLB of the current revision. */
  model_blob_key: string | null;
  /** Unguessable part of the revision-specific model URL. */
  model_token: string | null;
  /** Blob key and file name of the uploaded original of the current revision. */
  original_blob_key: string | null;
  original_file_name: string | null;
  /** JSON array of the current revision's conversion notes (src/api/conversionNotes.ts). */
  conversion_notes: ColumnType<string, string | undefined, string>;
  /** Who approved which revision when, through the link (null until approved; a new revision clears it). */
  approval_name: ColumnType<string | null, string | null | undefined, string | null>;
  approval_date: ColumnType<number | null, number | null | undefined, number | null>;
  approval_revision: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON of the client's options (src/model/quote/quoteOptions.ts); null: none. */
  quote_options: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON of the choices and total the approval was given on (src/api/quoteSchemas.ts); null: an approval without options. */
  approval_quote: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One kept revision of a project (the current one included); files under its revision folder. */
export interface RevisionsTable {
  project_id: number;
  revision_number: number;
  created_at: number;
  author_user_id: number | null;
  /** The uploaded file's name. */
  file_name: string | null;
  model_blob_key: string;
  original_blob_key: string | null;
  /** Unguessable part of this revision's model URL. */
  model_token: string;
  conversion_notes: ColumnType<string, string | undefined, string>;
}

export interface CommentsTable {
  id: Id;
  project_id: number;
  /** The logged-in author, when there was one. */
  author_user_id: number | null;
  /** The guest that wrote it, from the guest cookie, when there was no login. */
  author_guest_id: string | null;
  author_name: string;
  author_avatar_url: string | null;
  text: string;
  created_at: number;
  /** A reply's comment; null for a comment of its own (migration 0010). */
  parent_id: ColumnType<number | null, number | null | undefined, number | null>;
  status: ColumnType<'open' | 'resolved', 'open' | 'resolved' | undefined, 'open' | 'resolved'>;
  revision_number: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON: `{ pin, view, markup }` (src/api/reviewSchemas.ts), or null for a plain comment. */
  anchor: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON: the anchor's pin alone, for the lists (migration 0013). */
  pin: ColumnType<string | null, string | null | undefined, string | null>;
  /** The anchor's size in bytes (0 without one). */
  anchor_bytes: ColumnType<number, number | undefined, number>;
  resolved_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProjectDecisionsTable {
  id: Id;
  project_id: number;
  kind: 'approved' | 'changesRequested';
  author_name: string;
  author_user_id: number | null;
  author_guest_id: string | null;
  revision_number: number;
  created_at: number;
  /** JSON of the choices and total an approval was given on; null otherwise. */
  quote: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AttachmentsTable {
  id: Id;
  project_id: number;
  author_user_id: number | null;
  author_guest_id: string | null;
  author_name: string;
  author_avatar_url: string | null;
  name: string;
  url: string;
  created_at: number;
}

export interface BrandingTable {
  user_id: number;
  logo_blob_key: string;
  logo_content_type: string;
  updated_at: number;
}

/** One failed login per row, per key (`ip:<address>` or `user:<username>`); `at` in milliseconds. */
export interface LoginFailuresTable {
  key: string;
  at: number;
}

/** A fixed-window request counter per key (the shared-link rate limit); `expires_at` in milliseconds. */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  expires_at: number;
}

/** A queued conversion that ended (see migration 0007): `done` with its project, or `failed` with its message. */
export interface UploadJobsTable {
  id: string;
  state: 'done' | 'failed';
  project_id: number | null;
  message: string | null;
  updated_at: number;
}

export interface ConversionHeartbeatsTable {
  job_id: string;
  beat_at: number;
}

/** The owner's workshop settings as JSON (validated on the way in and out); `updated_at` in seconds. */
export interface WorkshopSettingsTable {
  user_id: number;
  settings: string;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  subscription_plans: SubscriptionPlansTable;
  refresh_tokens: RefreshTokensTable;
  secure_tokens: SecureTokensTable;
  projects: ProjectsTable;
  revisions: RevisionsTable;
  comments: CommentsTable;
  attachments: AttachmentsTable;
  branding: BrandingTable;
  login_failures: LoginFailuresTable;
  rate_limit_counters: RateLimitCountersTable;
  upload_jobs: UploadJobsTable;
  conversion_heartbeats: ConversionHeartbeatsTable;
  project_decisions: ProjectDecisionsTable;
  workshop_settings: WorkshopSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type PlanRow = Selectable<SubscriptionPlansTable>;
export type ProjectRow = Selectable<ProjectsTable>;
