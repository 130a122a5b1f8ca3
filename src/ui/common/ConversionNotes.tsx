/**
 * The notes of a model's conversion (what was lost or assumed), in the user's language: a list
 * for the project panel and for the dialog shown after an upload.
 */
import type { ConversionNote } from '../../machines/types';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import { useLL } from '../app/I18nProvider';

function conversionNoteText(LL: TranslationFunctions, note: ConversionNote): string {
  switch (note.code) {
    case 'texture_missing':
      return LL.conversion.notes.texture_missing({ file: note.params.file ?? '' });
    case 'dxf_flat_drawing':
      return LL.conversion.notes.dxf_flat_drawing();
    case 'dxf_units_assumed':
      return LL.conversion.notes.dxf_units_assumed({ unit: note.params.unit ?? 'mm' });
  }
}

export function ConversionNoteList({ notes }: { notes: ConversionNote[] }) {
  const LL = useLL();
  return (
    <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-fg-muted">
      {notes.map((note, i) => (
        <li key={`${note.code}-${i}`}>{conversionNoteText(LL, note)}</li>
      ))}
    </ul>
  );
}

/** The project panel's section; nothing when the revision has no notes. */
export function ConversionNotesSection({ notes }: { notes: ConversionNote[] }) {
  const LL = useLL();
  if (notes.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-label={LL.conversion.title()}>
      <h4 className="text-sm font-bold text-fg">{LL.conversion.title()}</h4>
      <ConversionNoteList notes={notes} />
    </section>
  );
}
