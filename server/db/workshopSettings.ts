/** Repository of the owners' workshop settings: one JSON document per user, the defaults until one is saved. */
import * as z from 'zod/mini';
import { DEFAULT_WORKSHOP_SETTINGS, workshopSettingsSchema, type WorkshopSettings } from '../../src/model/cutting/workshopSettings';
import type { Db } from './database';

/** The user's settings; the defaults when none were saved or the stored ones no longer read. */
export async function findWorkshopSettings(db: Db, userId: number): Promise<WorkshopSettings> {
  const row = await db.selectFrom('workshop_settings').select('settings').where('user_id', '=', userId).executeTakeFirst();
  if (!row) return DEFAULT_WORKSHOP_SETTINGS;
  try {
    const parsed = z.safeParse(workshopSettingsSchema, JSON.parse(row.settings));
    return parsed.success ? parsed.data : DEFAULT_WORKSHOP_SETTINGS;
  } catch {
    return DEFAULT_WORKSHOP_SETTINGS;
  }
}

export async function saveWorkshopSettings(db: Db, userId: number, settings: WorkshopSettings, now: number): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto('workshop_settings')
    .values({ user_id: userId, settings: json, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings: json, updated_at: now }))
    .execute();
}
