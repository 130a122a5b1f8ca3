/** The shared-project panel of a guest (SPEC §2, §3): name, "View in your room" where offered and possible, owner, stage, dates, revision, who approved it, and the cost estimate where offered. */
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../i18n/dateTime';
import type { SharedProject } from '../../../machines/types';
import type { ArCabinet } from '../../../machines/viewer/tools/arLaunch';
import { useLL, useLocale } from '../../app/I18nProvider';
import { CheckIcon } from '../../common/actionIcons';
import { ApprovedQuote } from '../../common/ApprovedQuote';
import { Avatar } from '../../common/Avatar';
import { StageDot } from '../../common/StageSelect';
import { InfoRows } from './InfoRows';
import { ViewInRoomLink } from '../ViewInRoomLink';
import { LinkEstimate } from './LinkEstimate';

interface SharedProjectPanelProps {
  project: SharedProject;
  accessKey: string;
  /** The link's API folder (`.../projects/accessKeys/{key}`), where its AR files are; none: no AR link. */
  linkApiUrl?: string;
  /** The selected part's cabinet, which a phone can place alone. */
  arCabinet?: ArCabinet | null;
  /** The client's options (with their estimate), where the link offers them: in place of the plain estimate. */
  options?: ReactNode;
}

export function SharedProjectPanel({ project, accessKey, linkApiUrl, arCabinet = null, options }: SharedProjectPanelProps) {
  const LL = useLL();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-lg font-extrabold break-words text-fg">{project.name}</h3>
      {options}
      {project.shareOptions.isArAvailable && linkApiUrl ? <ViewInRoomLink linkApiUrl={linkApiUrl} posterUrl={project.thumbnailUrl || null} cabinet={arCabinet} /> : null}
      <div className="flex items-center gap-3">
        <Avatar src={project.ownerAvatarUrl} name={project.ownerName} alt={LL.common.avatarOf({ name: project.ownerName })} size={40} />
        <div className="text-sm">
          <p className="font-semibold text-fg-muted">{LL.panels.sharedProject.owner()}</p>
          <p className="text-fg">{project.ownerName}</p>
        </div>
      </div>
      <p className="flex items-center gap-2 text-sm text-fg">
        <StageDot stage={project.currentStage} />
        {LL.stages[project.currentStage]()}
      </p>
      <InfoRows
        rows={[
          [LL.panels.project.creationDate(), formatDateTime(project.creationDate, locale)],
          [LL.panels.project.modificationDate(), formatDateTime(project.modificationDate, locale)],
          [LL.panels.sharedProject.revision(), String(project.revisionNumber)],
        ]}
      />
      {project.approval ? (
        <p className="flex items-start gap-2 text-sm text-fg">
          <CheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-emerald-400" />
          {project.approval.revisionNumber === project.revisionNumber
            ? LL.approval.approvedOn({ name: project.approval.name, date: formatDateTime(project.approval.date, locale) })
            : LL.approval.approvedEarlier({ approved: project.approval.revisionNumber, name: project.approval.name, date: formatDateTime(project.approval.date, locale), current: project.revisionNumber })}
        </p>
      ) : null}
      {project.approval?.quote && project.approval.revisionNumber === project.revisionNumber ? <ApprovedQuote quote={project.approval.quote} className="text-sm text-fg" /> : null}
      {project.shareOptions.isEstimateAvailable && !options ? <LinkEstimate accessKey={accessKey} /> : null}
    </div>
  );
}
