/**
 * The owner's project panel (SPEC §2): name with Rename, Update, Delete; Author, dates, Version;
 * who approved the current revision through the link; the Step selector; the link to share; More
 * options (opens the share panel); the QR labels page; "View in your room" (the owner's phone opens
 * the current revision's AR files; a desktop shows a QR code of this page with AR requested); the
 * .vok export; the notes of the current revision's conversion.
 */
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { formatDateTime } from '../../../i18n/dateTime';
import { MODEL_FILE_ACCEPT } from '../../../machines/projects/modelFile';
import { publicLinkOf } from '../../../machines/projects/publicLink';
import { arFolderOfModelUrl, type ArCabinet } from '../../../machines/viewer/tools/arLaunch';
import { useLL, useLocale } from '../../app/I18nProvider';
import { ApprovedQuote } from '../../common/ApprovedQuote';
import { CheckIcon, PencilIcon, TrashIcon, UploadIcon } from '../../common/actionIcons';
import { ConversionNotesSection } from '../../common/ConversionNotes';
import { CopyLinkField } from '../../common/CopyLinkField';
import { StageSelect } from '../../common/StageSelect';
import { MessageDialog } from '../../dialogs/MessageDialog';
import { useModelUpload } from '../../list/useModelUpload';
import type { OwnerActor } from '../viewerActors';
import { ViewInRoomLink } from '../ViewInRoomLink';
import { InfoRows } from './InfoRows';

const actionClass =
  'flex flex-1 items-center justify-center gap-1.5 rounded-lg border border-border px-2 py-2 text-sm font-semibold text-fg hover:border-primary disabled:opacity-50';

interface ProjectPanelProps {
  owner: OwnerActor;
  onMoreOptions(): void;
  onRevisions(): void;
  /** The selected part's cabinet, which the owner's phone can place alone. */
  arCabinet?: ArCabinet | null;
}

export function ProjectPanel({ owner, onMoreOptions, onRevisions, arCabinet = null }: ProjectPanelProps) {
  const LL = useLL();
  const locale = useLocale();
  const project = useSelector(owner, (s) => s.context.project);
  // The current revision's AR files, under its model URL (an AR viewer sends no header).
  const arFolder = arFolderOfModelUrl(project.modelUrl);
  const busy = useSelector(owner, (s) => !s.matches('idle'));
  const stageFailed = useSelector(owner, (s) => s.context.stageFailed);
  const exporting = useSelector(owner, (s) => s.matches('exporting'));
  const exportFailed = useSelector(owner, (s) => s.context.exportFailed);
  const fileInput = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const upload = useModelUpload(setRejected);
  return (
    <div className="flex flex-col gap-5">
      <h3 className="text-lg font-extrabold break-words text-fg">{project.name}</h3>
      <div className="flex gap-2">
        <button type="button" className={actionClass} disabled={busy} onClick={() => owner.send({ type: 'owner.rename' })}>
          <PencilIcon width={16} height={16} />
          {LL.actions.rename()}
        </button>
        <button type="button" className={actionClass} disabled={busy} onClick={() => fileInput.current?.click()}>
          <UploadIcon width={16} height={16} />
          {LL.actions.update()}
        </button>
        <button type="button" className={actionClass} disabled={busy} onClick={() => owner.send({ type: 'owner.delete' })}>
          <TrashIcon width={16} height={16} />
          {LL.actions.delete()}
        </button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={MODEL_FILE_ACCEPT}
          aria-label={LL.list.chooseNewModel({ name: project.name })}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file, project, true);
          }}
        />
      </div>
      <section className="flex flex-col gap-2">
        <h4 className="text-sm font-bold text-fg">{LL.panels.project.infos()}</h4>
        <InfoRows
          rows={[
            [LL.panels.project.author(), project.ownerName],
            [LL.panels.project.creationDate(), formatDateTime(project.creationDate, locale)],
            [LL.panels.project.modificationDate(), formatDateTime(project.modificationDate, locale)],
            [LL.panels.project.version(), String(project.revisionNumber)],
          ]}
        />
        {project.approval ? (
          <p data-testid="project-approval" className="flex items-start gap-2 text-sm text-fg">
            <CheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-emerald-400" />
            {project.approval.revisionNumber === project.revisionNumber
              ? LL.approval.approvedBy({ name: project.approval.name, date: formatDateTime(project.approval.date, locale), n: project.approval.revisionNumber })
              : LL.approval.approvedEarlier({ approved: project.approval.revisionNumber, name: project.approval.name, date: formatDateTime(project.approval.date, locale), current: project.revisionNumber })}
          </p>
        ) : null}
        {project.approval?.quote && project.approval.revisionNumber === project.revisionNumber ? (
          <ApprovedQuote quote={project.approval.quote} className="text-sm font-semibold text-fg" />
        ) : null}
        {project.openNoteCount > 0 ? (
          <p data-testid="project-open-notes" className="text-sm font-bold text-amber-300">
            {LL.review.openNotesCard({ count: project.openNoteCount })}
          </p>
        ) : null}
      </section>
      <ConversionNotesSection notes={project.conversionNotes} />
      <div className="flex flex-col gap-1">
        <StageSelect label={LL.panels.project.step()} value={project.currentStage} onChange={(stage) => owner.send({ type: 'owner.stage', stage })} />
        {stageFailed ? (
          <p role="alert" className="text-sm text-danger">
            {LL.list.saveFailed()}
          </p>
        ) : null}
      </div>
      {project.isPublished ? (
        <CopyLinkField url={publicLinkOf(project.accessKey, window.location.origin)} />
      ) : (
        <p className="text-sm text-fg-muted">
          {LL.panels.project.unpublishedLink()}{' '}
          <button type="button" onClick={onMoreOptions} className="font-semibold text-primary hover:text-primary-hover">
            {LL.panels.project.publish()}
          </button>
        </p>
      )}
      <button type="button" onClick={onMoreOptions} className="self-start text-sm font-semibold text-primary hover:text-primary-hover">
        {LL.panels.project.moreOptions()}
      </button>
      <button type="button" onClick={onRevisions} className="self-start text-sm font-semibold text-primary hover:text-primary-hover">
        {LL.revisions.open()}
      </button>
      <a href={`/projects/${project.id}/labels`} className="self-start text-sm font-semibold text-primary hover:text-primary-hover">
        {LL.workshop.labels.open()}
      </a>
      <a href={`/projects/${project.id}/workshop`} className="self-start text-sm font-semibold text-primary hover:text-primary-hover">
        {LL.cutting.open()}
      </a>
      {arFolder ? (
        <ViewInRoomLink
          linkApiUrl={arFolder}
          posterUrl={project.thumbnailUrl || null}
          cabinet={arCabinet}
          className="flex items-center gap-2 self-start text-sm font-semibold text-primary hover:text-primary-hover"
        />
      ) : null}
      <button
        type="button"
        disabled={busy}
        aria-busy={exporting}
        onClick={() => owner.send({ type: 'owner.export' })}
        className="self-start text-sm font-semibold text-primary hover:text-primary-hover disabled:opacity-50"
      >
        {LL.panels.project.exportVok()}
      </button>
      {exportFailed ? (
        <p role="alert" className="text-sm text-danger">
          {LL.panels.project.exportFailed()}
        </p>
      ) : null}
      <MessageDialog open={rejected !== null} onClose={() => setRejected(null)} message={rejected ? LL.dialogs.message.unsupportedFile({ name: rejected }) : ''} />
    </div>
  );
}
