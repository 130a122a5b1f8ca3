/**
 * The owner's bulk delete of a notes list: Select (checkboxes on deletable notes), Delete selected,
 * Delete guest comments (kinds guests can write), and the confirmation before anything goes.
 */
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { useLL } from '../../app/I18nProvider';
import { dangerButtonClass, linkButtonClass, secondaryButtonClass } from '../../common/controlStyles';

/** The bulk delete's words of one kind (its dictionary, `LL.viewer.comments`, fits). */
export interface BulkTexts {
  confirmSelected(args: { count: number }): string;
  /** Only for kinds guests can write. */
  deleteGuests?(): string;
  confirmGuests?(): string;
}

interface NotesBulkBarProps {
  actor: AnyActorRef;
  ns: string;
  texts: BulkTexts;
  selecting: boolean;
  onSelectingChange(selecting: boolean): void;
}

export function NotesBulkBar({ actor, ns, texts, selecting, onSelectingChange }: NotesBulkBarProps) {
  const LL = useLL();
  const selected = useSelector(actor, (s) => (s.context.selected as number[]).length);
  const target = useSelector(actor, (s) => s.context.bulkTarget as { ids: number[] } | { authors: 'guests' } | null);
  const confirming = useSelector(actor, (s) => s.matches({ bulk: 'confirming' }));
  const busy = useSelector(actor, (s) => s.matches({ bulk: 'deleting' }));
  const send = (name: string) => actor.send({ type: `${ns}.${name}` });

  if (confirming && target) {
    const question = 'ids' in target ? texts.confirmSelected({ count: target.ids.length }) : (texts.confirmGuests?.() ?? '');
    return (
      <div role="alertdialog" aria-label={question} className="flex flex-col gap-2 rounded-lg border border-danger-border bg-danger-surface p-3 text-sm text-fg">
        <p>{question}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={() => send('cancelConfirm')}>
            {LL.common.cancel()}
          </button>
          <button type="button" className={dangerButtonClass} onClick={() => send('confirm')}>
            {LL.viewer.notes.confirm()}
          </button>
        </div>
      </div>
    );
  }
  const stopSelecting = () => {
    send('clearSelection');
    onSelectingChange(false);
  };
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {selecting ? (
        <>
          <button type="button" className={linkButtonClass} disabled={busy || selected === 0} onClick={() => send('deleteSelected')}>
            {LL.viewer.notes.deleteSelected({ count: selected })}
          </button>
          <button type="button" className={linkButtonClass} onClick={stopSelecting}>
            {LL.viewer.notes.doneSelecting()}
          </button>
        </>
      ) : (
        <button type="button" className={linkButtonClass} disabled={busy} onClick={() => onSelectingChange(true)}>
          {LL.viewer.notes.select()}
        </button>
      )}
      {texts.deleteGuests && (
        <button type="button" className={linkButtonClass} disabled={busy} onClick={() => send('deleteGuests')}>
          {texts.deleteGuests()}
        </button>
      )}
    </div>
  );
}
