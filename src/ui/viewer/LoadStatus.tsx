/**
 * What the project load shows around the viewer (SPEC §4, §8): the loading dialog with the three
 * loading steps, the load error dialog (Close returns to /), and the not-found screen of a link.
 */
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectLoadError, selectLoadStep, selectLoadView } from '../../machines/viewer/viewerSelectors';
import { useLL } from '../app/I18nProvider';
import { BrandLogo } from '../common/BrandLogo';
import { LoadErrorDialog } from '../dialogs/LoadErrorDialog';
import { LoadingDialog } from '../dialogs/LoadingDialog';
import type { ViewerActor } from './viewerActors';

export function LoadStatus({ viewer }: { viewer: ViewerActor }) {
  const navigate = useNavigate();
  const view = useSelector(viewer, selectLoadView);
  const step = useSelector(viewer, selectLoadStep, (a, b) => a.message === b.message && a.progress === b.progress);
  const error = useSelector(viewer, selectLoadError);
  return (
    <>
      <LoadingDialog open={view === 'loading'} message={step.message} progress={step.progress} />
      <LoadErrorDialog open={view === 'failed'} detail={error} onClose={() => void navigate({ to: '/' })} />
    </>
  );
}

export function NotFoundScreen() {
  const LL = useLL();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-surface px-6 text-center text-fg">
      <BrandLogo />
      <h1 className="text-2xl font-extrabold">{LL.viewer.notFoundTitle()}</h1>
      <p className="max-w-md text-fg-muted">{LL.viewer.notFoundMessage()}</p>
      <a href="/" className="rounded-lg bg-primary px-4 py-2 font-bold text-on-primary hover:bg-primary-hover">
        {LL.viewer.notFoundBack()}
      </a>
    </main>
  );
}
