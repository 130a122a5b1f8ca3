/**
 * A project's notes list, comments or hyperlinks, bound to one notes actor (notesMachine.ts): the
 * error with Try again or Dismiss, the list (author, avatar, date; delete on deletable notes), the
 * owner's bulk delete, and the form (the kind's fields, Cancel and the submit button) only when
 * the actor's `canCreate` is true. CommentsPanel and HyperlinksPanel configure it.
 */
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import type { ContentError, ListError } from '../../../machines/viewer/notes/contentList';
import type { NoteItem } from '../../../machines/viewer/notes/notesMachine';
import { useLL } from '../../app/I18nProvider';
import { primaryButtonClass, secondaryButtonClass } from '../../common/controlStyles';
import { ContentErrorMessage } from './ContentErrorMessage';
import { NoteCard } from './NoteCard';
import { NotesBulkBar, type BulkTexts } from './NotesBulkBar';

/** The words of one kind: its dictionary (`LL.viewer.comments`, `LL.viewer.hyperlinks`) has them all. */
interface NotesTexts extends BulkTexts, Record<ListError, () => string> {
  title(): string;
  empty(): string;
  /** The delete and select buttons of one note. */
  deleteOne(): string;
  selectOne(): string;
  submit(): string;
}

interface NotesPanelProps<Item extends NoteItem> {
  /** A comments or hyperlinks actor. */
  actor: AnyActorRef;
  /** Its event namespace, which is also the name of its list. */
  ns: 'comments' | 'hyperlinks';
  texts: NotesTexts;
  renderBody(item: Item): ReactNode;
  /** The kind's fields, shown inside the form. */
  fields: ReactNode;
  /** Whether the draft holds anything (Cancel) and may be sent (submit). */
  draftIsEmpty: boolean;
  draftIsSendable: boolean;
  /** What comes under the form (the comment list download). */
  footer?: ReactNode;
}

export function NotesPanel<Item extends NoteItem>({ actor, ns, texts, renderBody, fields, draftIsEmpty, draftIsSendable, footer }: NotesPanelProps<Item>) {
  const LL = useLL();
  const items = useSelector(actor, (s) => s.context[ns] as Item[]);
  const error = useSelector(actor, (s) => s.context.error as ContentError | null);
  const canCreate = useSelector(actor, (s) => s.context.canCreate as boolean);
  const canManage = useSelector(actor, (s) => s.context.canManage as boolean);
  const selected = useSelector(actor, (s) => s.context.selected as number[]);
  const loading = useSelector(actor, (s) => s.matches({ list: 'loading' }));
  const loadFailed = useSelector(actor, (s) => s.matches({ list: 'failed' }));
  const sending = useSelector(actor, (s) => s.matches({ form: 'sending' }));
  const [selecting, setSelecting] = useState(false);
  const send = (name: string, extra: object = {}) => actor.send({ type: `${ns}.${name}`, ...extra });
  // A list that failed to load keeps saying so, with Try again, after its message gave way (a note sent meanwhile, say).
  const shownError: ContentError | null = error ?? (loadFailed ? 'loadFailed' : null);

  return (
    <section aria-label={texts.title()} className="flex min-h-0 flex-col gap-3">
      {shownError && (
        <ContentErrorMessage
          error={shownError}
          loadFailed={loadFailed}
          messages={{ loadFailed: texts.loadFailed(), createFailed: texts.createFailed(), deleteFailed: texts.deleteFailed() }}
          onRetry={() => send('retry')}
          onDismiss={() => send('dismissError')}
        />
      )}
      {canManage && items.some((i) => i.isDeletable) && (
        <NotesBulkBar actor={actor} ns={ns} texts={texts} selecting={selecting} onSelectingChange={setSelecting} />
      )}
      {/* A list read again (a note written elsewhere) stays on screen until the answer replaces it. */}
      {loading && items.length === 0 ? (
        <p className="text-sm text-fg-muted">{LL.common.loading()}</p>
      ) : (
        !loadFailed &&
        (items.length === 0 ? (
          <p className="text-sm text-fg-muted">{texts.empty()}</p>
        ) : (
          <ul className="flex min-h-0 flex-col gap-3 overflow-y-auto">
            {items.map((item) => (
              <NoteCard
                key={item.id}
                item={item}
                deleteLabel={texts.deleteOne()}
                onDelete={() => send('delete', { id: item.id })}
                selection={
                  selecting ? { label: texts.selectOne(), checked: selected.includes(item.id), onToggle: () => send('toggleSelect', { id: item.id }) } : undefined
                }
              >
                {renderBody(item)}
              </NoteCard>
            ))}
          </ul>
        ))
      )}
      {canCreate && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            send('submit');
          }}
        >
          {fields}
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButtonClass} disabled={sending || draftIsEmpty} onClick={() => send('cancel')}>
              {LL.common.cancel()}
            </button>
            <button type="submit" className={primaryButtonClass} disabled={sending || !draftIsSendable}>
              {texts.submit()}
            </button>
          </div>
        </form>
      )}
      {footer}
    </section>
  );
}
