/**
 * The owner's revisions (left panel): every kept revision with its poster, date, author and file;
 * an older one opens read-only or is made current again (with the credit dialogs of an update); any
 * other one is compared with the revision on screen (the current one, or the older one opened). The
 * comparison shows its counts, "show only changes", and the list of parts that differ, whose rows of
 * added or changed parts select and frame the part in the model shown.
 */
import { useSelector } from '@xstate/react';
import type { RevisionChanges } from '../../../machines/types';
import { formatDateTime } from '../../../i18n/dateTime';
import { useLL, useLocale } from '../../app/I18nProvider';
import { SwitchField } from '../../common/SwitchField';
import { secondaryButtonClass } from '../../common/controlStyles';
import { ConfirmCreditDialog } from '../../dialogs/ConfirmCreditDialog';
import { InsufficientCreditsDialog } from '../../dialogs/InsufficientCreditsDialog';
import { LeaveApprovedDialog } from '../../dialogs/LeaveApprovedDialog';
import { MessageDialog } from '../../dialogs/MessageDialog';
import { ChangedPartsList, STATUS_STYLE } from '../ChangedPartsList';
import type { RevisionsActor } from '../viewerActors';

const smallButton = 'rounded-md border border-border px-2 py-1 text-xs font-semibold text-fg hover:border-primary disabled:opacity-50';

export function RevisionsPanel({ actor }: { actor: RevisionsActor }) {
  const LL = useLL();
  const locale = useLocale();
  const snapshot = useSelector(actor, (s) => s);
  const { revisions, currentRevision, approvedRevision, viewing, comparing, comparedWith, changes, onlyChanges, restoring, failure } = snapshot.context;
  const shown = viewing ?? currentRevision;
  const busy = !snapshot.matches({ restore: 'idle' });
  // The restore's progress and dialogs stay while the list is read again (a new revision arrived meanwhile).
  const restoreDialogs = (
    <>
      {snapshot.matches({ restore: 'restoring' }) || snapshot.matches({ restore: 'restoringPaid' }) ? (
        <p role="status" className="text-sm text-fg-muted">
          {LL.revisions.restoring({ n: restoring ?? 0 })}
        </p>
      ) : null}
      <LeaveApprovedDialog
        open={snapshot.matches({ restore: 'confirmingApproval' })}
        approved={approvedRevision ?? currentRevision}
        next={restoring ?? 0}
        onChoose={(keepApproval) => actor.send({ type: 'revisions.confirmApproval', keepApproval })}
        onCancel={() => actor.send({ type: 'revisions.cancel' })}
      />
      <ConfirmCreditDialog open={snapshot.matches({ restore: 'confirmingCredit' })} onContinue={() => actor.send({ type: 'revisions.confirmCredit' })} onCancel={() => actor.send({ type: 'revisions.cancel' })} />
      <InsufficientCreditsDialog open={snapshot.matches({ restore: 'insufficientCredits' })} onClose={() => actor.send({ type: 'revisions.cancel' })} />
      <MessageDialog
        open={snapshot.matches({ restore: 'failed' })}
        onClose={() => actor.send({ type: 'revisions.cancel' })}
        message={failure === 'alreadyCurrent' ? LL.revisions.alreadyCurrent({ n: restoring ?? 0 }) : LL.revisions.restoreFailed({ n: restoring ?? 0 })}
      />
    </>
  );
  if (snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: 'idle' })) {
    return (
      <>
        <p className="text-sm text-fg-muted">{LL.revisions.loading()}</p>
        {restoreDialogs}
      </>
    );
  }
  if (snapshot.matches({ list: 'failed' })) {
    return (
      <>
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-danger">
          {LL.revisions.loadFailed()}
          <button type="button" className={secondaryButtonClass} onClick={() => actor.send({ type: 'revisions.load' })}>
            {LL.revisions.retry()}
          </button>
        </div>
        {restoreDialogs}
      </>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {comparing !== null ? <Comparison actor={actor} changes={changes} onlyChanges={onlyChanges} from={comparing} to={comparedWith ?? currentRevision} current={currentRevision} state={snapshot.matches({ compare: 'failed' }) ? 'failed' : changes ? 'shown' : 'loading'} /> : null}
      <ol className="flex flex-col gap-2" aria-label={LL.revisions.title()}>
        {revisions.map((revision) => {
          const isCurrent = revision.revisionNumber === currentRevision;
          const isShown = revision.revisionNumber === shown;
          return (
            <li key={revision.revisionNumber} data-revision={revision.revisionNumber} className={`flex gap-3 rounded-lg border p-2 ${isShown ? 'border-primary' : 'border-border'}`}>
              {revision.thumbnailUrl ? <img src={revision.thumbnailUrl} alt="" width={64} height={48} loading="lazy" className="h-12 w-16 shrink-0 rounded object-cover" /> : null}
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="text-sm font-bold text-fg">
                  {LL.revisions.revision({ n: revision.revisionNumber })}
                  {isCurrent ? <span className="ml-2 rounded bg-primary/20 px-1.5 text-xs text-primary">{LL.revisions.current()}</span> : null}
                  {isShown && !isCurrent ? <span className="ml-2 text-xs text-fg-muted">{LL.revisions.shown()}</span> : null}
                </p>
                <p dir="auto" className="truncate text-xs text-fg-muted" title={revision.fileName ?? ''}>
                  {formatDateTime(revision.date, locale)} · {LL.revisions.by({ author: revision.authorName })}
                  {revision.fileName ? ` · ${revision.fileName}` : ''}
                </p>
                {isShown && isCurrent ? null : (
                  <div className="flex flex-wrap gap-1.5">
                    {isCurrent ? null : (
                      <button type="button" className={smallButton} onClick={() => actor.send({ type: 'revisions.view', revisionNumber: revision.revisionNumber })} disabled={isShown}>
                        {LL.revisions.view()}
                      </button>
                    )}
                    <button
                      type="button"
                      className={smallButton}
                      title={LL.revisions.compareWith({ n: shown })}
                      disabled={isShown}
                      onClick={() => actor.send({ type: 'revisions.compare', revisionNumber: revision.revisionNumber })}
                    >
                      {LL.revisions.compare()}
                    </button>
                    {isCurrent ? null : (
                      <button type="button" className={smallButton} disabled={busy} onClick={() => actor.send({ type: 'revisions.restore', revisionNumber: revision.revisionNumber })}>
                        {LL.revisions.makeCurrent()}
                      </button>
                    )}
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {restoreDialogs}
    </div>
  );
}

interface ComparisonProps {
  actor: RevisionsActor;
  changes: RevisionChanges | null;
  onlyChanges: boolean;
  from: number;
  /** The revision compared with (on screen), and the project's current one. */
  to: number;
  current: number;
  state: 'loading' | 'shown' | 'failed';
}

function Comparison({ actor, changes, onlyChanges, from, to, current, state }: ComparisonProps) {
  const LL = useLL();
  const counts = changes?.counts;
  const title = to === current ? LL.revisions.comparing({ from, to }) : LL.revisions.comparedWith({ from, to });
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-border p-2" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-bold text-fg">{title}</h4>
        <button type="button" className={smallButton} onClick={() => actor.send({ type: 'revisions.stopCompare' })}>
          {LL.revisions.stopCompare()}
        </button>
      </div>
      {state === 'loading' ? <p className="text-sm text-fg-muted">{LL.revisions.compareLoading()}</p> : null}
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-danger">
          {LL.revisions.compareFailed()}
        </p>
      ) : null}
      {counts ? (
        <>
          <dl className="grid grid-cols-4 gap-1 text-center text-xs" data-testid="revision-counts">
            {(['added', 'removed', 'changed', 'unchanged'] as const).map((status) => (
              <div key={status} data-status={status} className={`rounded px-1 py-1 ${status === 'unchanged' ? 'bg-surface-overlay text-fg-muted' : STATUS_STYLE[status]}`}>
                <dt>{LL.revisions[status]()}</dt>
                <dd className="text-base font-bold">{counts[status]}</dd>
              </div>
            ))}
          </dl>
          <SwitchField label={LL.revisions.onlyChanges()} checked={onlyChanges} onChange={(value) => actor.send({ type: 'revisions.onlyChanges', value })} />
          {changes.parts.length === 0 ? <p className="text-sm text-fg-muted">{LL.revisions.noChanges()}</p> : null}
          {changes.parts.length > 0 ? <ChangedPartsList parts={changes.parts} onSelect={(partId) => actor.send({ type: 'revisions.select', partId })} /> : null}
        </>
      ) : null}
    </section>
  );
}
