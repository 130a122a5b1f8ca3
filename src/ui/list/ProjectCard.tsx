/**
 * One project of the grid (SPEC §2): a picture in its stage's style, the name and modification
 * date (opening /projects/{id}), a mark under them when the client approved the current revision,
 * the stage dropdown (its stage on one line) and the menu.
 *
 * A search mounts every card that newly matches within the keystroke's frame, and the menu and the
 * stage dropdown (Headless UI, with their floating positioning) were most of a card's cost. So a
 * card shows buttons of the same look and mounts the real two on first use: when a pointer (mouse,
 * pen or finger) enters or first moves over the card, before its press lands, or when the keyboard
 * focuses one of the stand-ins, whose real button then takes the focus.
 */
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { formatDateTime } from '../../i18n/dateTime';
import { MODEL_FILE_ACCEPT } from '../../machines/projects/modelFile';
import type { Project, Stage } from '../../machines/types';
import { POSTER_SIZE, SMALL_POSTER_SIZE } from '../../model/viewerVocabulary';
import { useLL, useLocale } from '../app/I18nProvider';
import { ApprovedQuote } from '../common/ApprovedQuote';
import { CabinetIcon, CheckIcon } from '../common/actionIcons';
import { StageSelect, StageSelectStandIn } from '../common/StageSelect';
import { STAGE_STYLE } from '../common/stageStyle';
import { ProjectCardMenu, ProjectCardMenuStandIn, type CardActions } from './ProjectCardMenu';

/** The poster's widths the server offers (`?w=` up to the small one gets it). */
const SMALL_POSTER_WIDTH = SMALL_POSTER_SIZE.width;
const POSTER_WIDTH = POSTER_SIZE.width;
/** A card's width in the grid: one column on phones, two from sm, three from md, six from lg (beside the 64 px toolbar). */
const CARD_SIZES = '(min-width: 1024px) 16vw, (min-width: 768px) 32vw, (min-width: 640px) 48vw, 100vw';

interface ProjectCardProps extends Omit<CardActions, 'onUpdate'> {
  project: Project;
  onStageChange(stage: Stage): void;
  onUpdateFile(file: File): void;
}

export function ProjectCard({ project, onStageChange, onUpdateFile, ...actions }: ProjectCardProps) {
  const LL = useLL();
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const style = STAGE_STYLE[project.currentStage];
  // The revision's poster, or the generic icon while there is none (or it cannot be read).
  const [failedPoster, setFailedPoster] = useState<string | null>(null);
  // Whether the real menu and dropdown are mounted, and which one a keyboard user was on.
  const [controls, setControls] = useState<'standIns' | 'pointer' | 'menu' | 'stage'>('standIns');
  const mount = (why: 'pointer' | 'menu' | 'stage') => setControls((now) => (now === 'standIns' ? why : now));
  // Before the press: Headless UI opens on pointerdown, which follows at once on touch (and a card can
  // appear under a resting mouse, hence the first move too). A pointer event's update would otherwise
  // wait for React's next render, after the press has reached the stand-in.
  const mountForPointer = () => {
    if (controls === 'standIns') flushSync(() => mount('pointer'));
  };
  const stageLabel = LL.list.stageOf({ name: project.name });
  return (
    <li
      onPointerEnter={mountForPointer}
      onPointerMove={mountForPointer}
      className="group relative flex flex-col rounded-2xl border border-border bg-surface-raised transition-colors [contain-intrinsic-size:auto_16rem] [content-visibility:auto] hover:border-border-strong">
      <Link
        to="/projects/$id"
        params={{ id: String(project.id) }}
        aria-label={LL.list.openProject({ name: project.name })}
        className="flex flex-1 flex-col rounded-t-2xl"
      >
        <div
          data-stage={project.currentStage}
          className={`flex aspect-[16/10] items-center justify-center overflow-hidden rounded-t-2xl bg-gradient-to-br ${style.tint} to-transparent`}
        >
          {project.thumbnailUrl && project.thumbnailUrl !== failedPoster ? (
            <img
              // The small poster where a card is narrow (six to a row), the whole one on a phone's full-width card.
              src={`${project.thumbnailUrl}?w=${POSTER_WIDTH}`}
              srcSet={`${project.thumbnailUrl}?w=${SMALL_POSTER_WIDTH} ${SMALL_POSTER_WIDTH}w, ${project.thumbnailUrl}?w=${POSTER_WIDTH} ${POSTER_WIDTH}w`}
              sizes={CARD_SIZES}
              alt=""
              loading="lazy"
              decoding="async"
              className="h-full w-full rounded-t-2xl object-cover transition-transform group-hover:scale-[1.03]"
              onError={() => setFailedPoster(project.thumbnailUrl)}
            />
          ) : (
            <CabinetIcon width={48} height={48} strokeWidth={1.5} className={`${style.text} transition-transform group-hover:scale-110`} />
          )}
        </div>
        <div className="flex flex-col gap-0.5 px-3 pt-3">
          {/* dir="auto": a right-to-left name is laid out and cut (its ellipsis) as its own script reads, apart from the page's direction. */}
          <h2 dir="auto" className="truncate font-bold text-fg" title={project.name}>
            {project.name}
          </h2>
          <p className="text-xs text-fg-muted">{LL.list.modifiedOn({ date: formatDateTime(project.modificationDate, locale) })}</p>
        </div>
      </Link>
      {project.approval ? (
        // Under the name, clear of the picture; outside the link (whose label is its name), so that screen readers read it too.
        // An approval of an older revision is marked as such, in amber: the current one was not approved.
        <p
          data-testid="approved-mark"
          title={project.approval.revisionNumber === project.revisionNumber ? LL.approval.approvedTitle({ name: project.approval.name }) : LL.approval.approvedEarlier({ approved: project.approval.revisionNumber, name: project.approval.name, date: formatDateTime(project.approval.date, locale), current: project.revisionNumber })}
          className={`mx-3 mt-1.5 flex w-fit max-w-[calc(100%-1.5rem)] items-center gap-1 rounded-lg border px-2 py-0.5 text-xs font-bold ${project.approval.revisionNumber === project.revisionNumber ? 'border-emerald-400/40 text-emerald-400' : 'border-amber-400/40 text-amber-300'}`}
        >
          <CheckIcon width={14} height={14} className="shrink-0" />
          <span aria-hidden="true">{project.approval.revisionNumber === project.revisionNumber ? LL.approval.approved() : LL.approval.approvedEarlierShort({ approved: project.approval.revisionNumber, current: project.revisionNumber })}</span>
          <span className="sr-only">{project.approval.revisionNumber === project.revisionNumber ? LL.approval.approvedTitle({ name: project.approval.name }) : LL.approval.approvedEarlier({ approved: project.approval.revisionNumber, name: project.approval.name, date: formatDateTime(project.approval.date, locale), current: project.revisionNumber })}</span>
        </p>
      ) : null}
      {project.approval?.quote && project.approval.revisionNumber === project.revisionNumber ? (
        <ApprovedQuote quote={project.approval.quote} className="mx-3 mt-1 line-clamp-2 text-xs text-fg-muted" />
      ) : null}
      {project.openNoteCount > 0 ? (
        <p data-testid="open-notes-mark" className="mx-3 mt-1.5 w-fit rounded-lg border border-amber-400/40 px-2 py-0.5 text-xs font-bold text-amber-300">
          {LL.review.openNotesCard({ count: project.openNoteCount })}
        </p>
      ) : null}
      {/* Over the picture's corner, so that the stage dropdown has the card's whole width. */}
      <div className="absolute top-2 right-2 rounded-lg bg-surface-raised/70">
        {controls === 'standIns' ? (
          <ProjectCardMenuStandIn name={project.name} onActivate={() => mount('menu')} />
        ) : (
          <ProjectCardMenu name={project.name} actions={{ ...actions, onUpdate: () => input.current?.click() }} autoFocus={controls === 'menu'} />
        )}
      </div>
      <div className="flex items-center p-3 pt-2">
        {controls === 'standIns' ? (
          <StageSelectStandIn label={stageLabel} value={project.currentStage} className="min-w-0 flex-1" dense onActivate={() => mount('stage')} />
        ) : (
          <StageSelect label={stageLabel} value={project.currentStage} onChange={onStageChange} className="min-w-0 flex-1" dense autoFocus={controls === 'stage'} />
        )}
        <input
          ref={input}
          type="file"
          accept={MODEL_FILE_ACCEPT}
          hidden
          aria-label={LL.list.chooseNewModel({ name: project.name })}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onUpdateFile(file);
          }}
        />
      </div>
    </li>
  );
}
