/**
 * One note of a comments or hyperlinks list: its author line, its body, a delete button when the
 * server marked it deletable and, while the owner selects notes, a checkbox.
 */
import type { ReactNode } from 'react';
import type { NoteItem } from '../../../machines/viewer/notes/notesMachine';
import { TrashIcon } from '../../common/actionIcons';
import { AuthorLine } from './AuthorLine';

interface NoteCardProps {
  item: NoteItem;
  /** The delete button's name ("Delete this comment"). */
  deleteLabel: string;
  onDelete(): void;
  /** While selecting: the checkbox's name and state; absent otherwise. */
  selection?: { label: string; checked: boolean; onToggle(): void };
  children: ReactNode;
}

export function NoteCard({ item, deleteLabel, onDelete, selection, children }: NoteCardProps) {
  return (
    <li className="rounded-lg border border-border bg-surface-overlay/60 p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          {selection && item.isDeletable && (
            <input
              type="checkbox"
              aria-label={selection.label}
              checked={selection.checked}
              onChange={selection.onToggle}
              className="size-4 shrink-0 accent-primary"
            />
          )}
          <AuthorLine name={item.authorName} avatarUrl={item.authorAvatarUrl} date={item.date} />
        </div>
        {item.isDeletable && (
          <button
            type="button"
            aria-label={deleteLabel}
            title={deleteLabel}
            className="shrink-0 rounded-md p-1 text-fg-muted hover:bg-surface-overlay hover:text-danger"
            onClick={onDelete}
          >
            <TrashIcon width={16} height={16} />
          </button>
        )}
      </div>
      {children}
    </li>
  );
}
