/** Repository of users' branding (the custom logo). */
import type { Db } from './database';

interface Branding {
  userId: number;
  logoBlobKey: string;
  logoContentType: string;
  /** Seconds. */
  updatedAt: number;
}

export async function findBranding(db: Db, userId: number): Promise<Branding | undefined> {
  const row = await db.selectFrom('branding').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return (
    row && {
      userId: row.user_id,
      logoBlobKey: row.logo_blob_key,
      logoContentType: row.logo_content_type,
      updatedAt: row.updated_at,
    }
  );
}

/** Sets the user's logo and returns the blob key it replaced, if any (run it in a transaction). */
export async function setBrandingLogo(db: Db, branding: Branding): Promise<string | undefined> {
  const previous = await findBranding(db, branding.userId);
  await db
    .insertInto('branding')
    .values({
      user_id: branding.userId,
      logo_blob_key: branding.logoBlobKey,
      logo_content_type: branding.logoContentType,
      updated_at: branding.updatedAt,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        logo_blob_key: branding.logoBlobKey,
        logo_content_type: branding.logoContentType,
        updated_at: branding.updatedAt,
      }),
    )
    .execute();
  return previous?.logoBlobKey;
}

/** Removes the user's logo and returns its blob key, or undefined when there was none. */
export async function deleteBrandingLogo(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.deleteFrom('branding').where('user_id', '=', userId).returning('logo_blob_key').executeTakeFirst();
  return row?.logo_blob_key;
}
