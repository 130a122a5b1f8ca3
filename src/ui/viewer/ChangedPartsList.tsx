/**
 * A list of the parts that differ between two revisions (the link banner's, where the link shows
 * the hierarchy, and the owner's comparison): each added or changed part a row that selects and
 * frames it in the model shown (`onSelect`, which sends the machine's event); a removed part listed
 * only, as it is not in that model.
 */
import type { PartDifference } from '../../machines/types';
import { useLL } from '../app/I18nProvider';

/** The tint of each kind of difference, as in the model (added green, removed red, changed yellow). */
export const STATUS_STYLE: Record<PartDifference['status'], string> = {
  added: 'bg-green-600/25 text-green-300',
  removed: 'bg-red-600/25 text-red-300',
  changed: 'bg-yellow-500/25 text-yellow-200',
};

export function ChangedPartsList({ parts, onSelect }: { parts: PartDifference[]; onSelect: (partId: string) => void }) {
  const LL = useLL();
  return (
    <ul aria-label={LL.review.changes.list()} className="flex max-h-64 w-full flex-col gap-1 overflow-y-auto text-left text-xs">
      {parts.map((part, index) => {
        const name = part.path.join(' › ');
        const label = (
          <>
            <span className={`shrink-0 rounded px-1 ${STATUS_STYLE[part.status]}`}>{LL.revisions[part.status]()}</span>
            <span className="min-w-0 break-words text-fg">
              {name}
              {part.changes.length > 0 ? <span className="text-fg-muted"> ({part.changes.map((kind) => LL.revisions.changeKinds[kind]()).join(', ')})</span> : null}
            </span>
          </>
        );
        const partId = part.status === 'removed' ? null : part.partId;
        return (
          <li key={index} data-status={part.status}>
            {partId === null ? (
              <p className="flex min-h-9 items-center gap-2 px-2">{label}</p>
            ) : (
              <button
                type="button"
                title={LL.review.changes.showPart({ name })}
                className="flex min-h-9 w-full items-center gap-2 rounded-lg px-2 text-left hover:bg-surface-overlay"
                onClick={() => onSelect(partId)}
              >
                {label}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
