/**
 * The project list (SPEC §2): the left toolbar, the title and the controls, the grid that starts
 * with the add tile, the end of the grid that asks for the next page, and the list's dialogs. The
 * list actor lives as long as the screen; the upload actor is the application's (its dialogs are
 * mounted by the root layout).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import { selectCounts, selectListStatus, selectNotice, selectPaging, selectProjects, selectQuery, selectReloading } from '../../machines/projects/listSelectors';
import { visibleProjects } from '../../machines/projects/projectQuery';
import { selectUploadDialog } from '../../machines/upload/uploadSelectors';
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { AddProjectTile } from './AddProjectTile';
import { ListControls } from './ListControls';
import { ListDialogs } from './ListDialogs';
import { ListPagingEnd } from './ListPagingEnd';
import { ListStatusMessage } from './ListStatusMessage';
import { ListToolbar } from './ListToolbar';
import type { Project } from '../../machines/types';
import { ProjectCard } from './ProjectCard';
import { useModelUpload } from './useModelUpload';

type ListActor = ReturnType<typeof useActorRef<ReturnType<typeof useAppServices>['projects']['machines']['list']>>;

/**
 * One card bound to the list actor. Memoised on the project object, which the list keeps while the
 * project does not change: a keystroke in the search box renders only the cards that appear.
 */
const ListCard = memo(function ListCard({ project, list, upload }: { project: Project; list: ListActor; upload: (file: File, project?: Project) => Promise<void> }) {
  return (
    <ProjectCard
      project={project}
      onStageChange={(stage) => list.send({ type: 'list.changeStage', id: project.id, stage })}
      onRename={() => list.send({ type: 'list.rename', id: project.id })}
      onShare={() => list.send({ type: 'list.share', id: project.id })}
      onDelete={() => list.send({ type: 'list.delete', id: project.id })}
      onUpdateFile={(file) => void upload(file, project)}
    />
  );
});

/** At most this many newly mounted cards are rendered with the key that brings them. */
const FEW_NEW_CARDS = 4;

/** How many of the cards of `next` `before` did not have. */
function newCards(before: readonly Project[], next: readonly Project[]): number {
  const had = new Set(before.map((p) => p.id));
  return next.filter((p) => !had.has(p.id)).length;
}

export function ProjectListScreen() {
  const LL = useLL();
  const { projects: services } = useAppServices();
  const list = useActorRef(services.machines.list, { input: services.listInput() });
  const status = useSelector(list, selectListStatus);
  const projects = useSelector(list, selectProjects);
  const query = useSelector(list, selectQuery);
  const notice = useSelector(list, selectNotice);
  const counts = useSelector(list, selectCounts, (a, b) => a?.matching === b?.matching && a?.all === b?.all);
  const paging = useSelector(list, selectPaging);
  const reloading = useSelector(list, selectReloading);
  const uploading = useSelector(services.upload, (s) => selectUploadDialog(s) !== 'none');
  const listed = useSelector(list, (s) => s.context.listed);
  // A key that changes few of the cards in the page shows them in the frame after it. One that
  // brings many (each a mount) lets the search box show the key first: the grid then follows from a
  // deferred render that React runs in slices between frames and drops when another key comes, so
  // mounting cards never holds back typing. Until it is in, the grid says it is busy.
  const deferredQuery = useDeferredValue(query);
  const deferred = useMemo(() => visibleProjects(projects, deferredQuery, listed), [projects, deferredQuery, listed]);
  const current = useMemo(
    () => (deferredQuery === query ? deferred : visibleProjects(projects, query, listed)),
    [projects, query, deferredQuery, deferred, listed],
  );
  const [shown, shownQuery] = current === deferred || newCards(deferred, current) <= FEW_NEW_CARDS ? [current, query] : [deferred, deferredQuery];
  const more = useCallback(() => list.send({ type: 'list.more' }), [list]);
  const retry = useCallback(() => list.send({ type: 'list.retry' }), [list]);
  const reject = useCallback((name: string) => list.send({ type: 'list.fileRejected', name }), [list]);
  const upload = useModelUpload(reject);

  return (
    <div className="flex min-h-dvh">
      <ListToolbar />
      <main className="flex min-w-0 flex-1 flex-col gap-5 p-4 sm:p-6 lg:p-8">
        <header className="flex flex-col gap-4">
          <div className="flex items-baseline gap-3">
            <h1 className="text-2xl font-extrabold text-fg sm:text-3xl">{LL.list.projects()}</h1>
            {counts && status !== 'failed' ? (
              <span data-testid="project-count" className="text-sm text-fg-muted">
                {/* A search or a step filter narrows the list: say so against the owner's whole list. */}
                {counts.matching === counts.all
                  ? LL.list.projectCount({ count: counts.all })
                  : LL.list.projectCountShown({ shown: counts.matching, count: counts.all })}
              </span>
            ) : null}
          </div>
          <ListControls list={list} />
        </header>
        {notice?.kind === 'saveFailed' ? (
          <div role="alert" className="flex items-center justify-between gap-3 rounded-lg border border-danger-border bg-danger-surface px-4 py-2 text-sm text-danger">
            {LL.list.saveFailed()}
            <button type="button" className="font-semibold underline-offset-4 hover:underline" onClick={() => list.send({ type: 'list.dismissNotice' })}>
              {LL.list.dismiss()}
            </button>
          </div>
        ) : null}
        <ListStatusMessage status={status} onRetry={retry} />
        {status !== 'failed' ? (
          <ul aria-label={LL.list.projects()} aria-busy={status === 'loading' || reloading || shownQuery !== query} className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-6">
            <AddProjectTile onFile={(file) => void upload(file)} disabled={uploading} />
            {status === 'loading'
              ? [0, 1, 2].map((i) => <li key={i} aria-hidden="true" className="min-h-56 animate-pulse rounded-2xl bg-surface-raised" />)
              : shown.map((project) => <ListCard key={project.id} project={project} list={list} upload={upload} />)}
          </ul>
        ) : null}
        {status !== 'failed' ? <ListPagingEnd paging={paging} onMore={more} onRetry={retry} /> : null}
      </main>
      <ListDialogs list={list} />
    </div>
  );
}
