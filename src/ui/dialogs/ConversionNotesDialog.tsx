/** After an upload whose conversion has notes: what was lost or assumed, with Close. */
import type { ConversionNote } from '../../machines/types';
import { useLL } from '../app/I18nProvider';
import { primaryButtonClass } from '../common/controlStyles';
import { ConversionNoteList } from '../common/ConversionNotes';
import { AppDialog } from './AppDialog';

export function ConversionNotesDialog({ notes, onClose }: { notes: ConversionNote[]; onClose(): void }) {
  const LL = useLL();
  return (
    <AppDialog
      open={notes.length > 0}
      onClose={onClose}
      title={LL.conversion.title()}
      description={LL.conversion.intro()}
      size="md"
      actions={
        <button type="button" className={primaryButtonClass} onClick={onClose}>
          {LL.common.close()}
        </button>
      }
    >
      <ConversionNoteList notes={notes} />
    </AppDialog>
  );
}
