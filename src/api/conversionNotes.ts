/**
 * Notes of a conversion: what the converter could not keep or had to assume, as codes with
 * parameters (the client words them in the user's language). The server stores them with the
 * revision and returns them on the owner's project and in the upload's result.
 */
import * as z from 'zod/mini';

const CONVERSION_NOTE_CODES = [
  /** A picture the model names is not in the upload (`file`: its file name). */
  'texture_missing',
  /** A DXF drawing with no faces: shown as flat lines. */
  'dxf_flat_drawing',
  /** A DXF that declares no length unit (`unit`: the one assumed, mm or in). */
  'dxf_units_assumed',
] as const;

const conversionNoteCodeSchema = z.enum(CONVERSION_NOTE_CODES);
type ConversionNoteCode = z.infer<typeof conversionNoteCodeSchema>;

export const conversionNoteSchema = z.object({
  code: conversionNoteCodeSchema,
  params: z._default(z.record(z.string(), z.string()), {}),
});
export type ConversionNote = z.infer<typeof conversionNoteSchema>;

/** Notes of a revision; unknown codes from a newer server are dropped, not an error. */
export const conversionNotesSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((items: unknown[]) =>
    items.flatMap((item) => {
      const parsed = conversionNoteSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
);

/** At most this many notes of one code are kept (a model naming 500 missing pictures). */
const MAX_NOTES_PER_CODE = 20;

/** Adds a note once (same code and parameters), within MAX_NOTES_PER_CODE per code. */
export function addNote(notes: ConversionNote[], code: ConversionNoteCode, params: Record<string, string> = {}): void {
  const key = JSON.stringify(params);
  const sameCode = notes.filter((n) => n.code === code);
  if (sameCode.length >= MAX_NOTES_PER_CODE || sameCode.some((n) => JSON.stringify(n.params) === key)) return;
  notes.push({ code, params });
}
