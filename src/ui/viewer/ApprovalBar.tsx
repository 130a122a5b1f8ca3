/**
 * A link's approval over the model: the Approve button while the link offers approval (it opens
 * the approval dialog), then who approved and when. The dialog lives apart (`LinkApprovalDialog`),
 * so that it stays open whatever the layout shows around it.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../i18n/dateTime';
import { selectApproval, selectGuestProject } from '../../machines/viewer/viewerSelectors';
import { useLL, useLocale } from '../app/I18nProvider';
import { CheckIcon } from '../common/actionIcons';
import { ApprovalDialog, type ApprovalActor } from '../dialogs/ApprovalDialog';
import type { ViewerActor } from './viewerActors';

export function ApprovalBar({ viewer }: { viewer: ViewerActor }) {
  const LL = useLL();
  const locale = useLocale();
  const approval = useSelector(viewer, selectApproval);
  const project = useSelector(viewer, selectGuestProject);
  if (approval) return <ApproveButton actor={approval} />;
  // Only an approval of the revision shown: an older revision's approval is not this one's.
  if (!project?.approval || project.approval.revisionNumber !== project.revisionNumber) return null;
  return (
    <p role="status" className="flex items-center gap-1.5 rounded-full border border-emerald-400/60 bg-surface-raised/90 px-3 py-1.5 text-xs font-bold text-fg">
      <CheckIcon width={14} height={14} className="shrink-0 text-emerald-400" />
      {LL.approval.approvedOn({ name: project.approval.name, date: formatDateTime(project.approval.date, locale) })}
    </p>
  );
}

function ApproveButton({ actor }: { actor: ApprovalActor }) {
  const LL = useLL();
  const revisionNumber = useSelector(actor, (s) => s.context.revisionNumber);
  return (
    <div className="flex flex-wrap items-center justify-center gap-2">
    <button
      type="button"
      onClick={() => actor.send({ type: 'approval.open', kind: 'changes' })}
      className="flex min-h-11 items-center gap-2 rounded-full border border-border bg-surface-raised/95 px-4 text-sm font-bold text-fg shadow-lg shadow-black/40 hover:bg-surface-overlay"
    >
      {LL.approval.askForChanges()}
    </button>
    <button
      type="button"
      title={LL.approval.approveRevision({ n: revisionNumber })}
      onClick={() => actor.send({ type: 'approval.open' })}
      className="flex min-h-11 items-center gap-2 rounded-full bg-primary px-5 text-sm font-extrabold text-on-primary shadow-lg shadow-black/40 hover:bg-primary-hover active:bg-primary-active"
    >
      <CheckIcon width={18} height={18} />
      {LL.approval.approve()}
    </button>
    </div>
  );
}

/** The approval dialog of a link, while the link offers approval; `summary`: the options it goes with. */
export function LinkApprovalDialog({ viewer, summary }: { viewer: ViewerActor; summary?: ReactNode }) {
  const approval = useSelector(viewer, selectApproval);
  const projectName = useSelector(viewer, (s) => selectGuestProject(s)?.name ?? '');
  return approval ? <ApprovalDialog actor={approval} projectName={projectName} summary={summary} /> : null;
}
