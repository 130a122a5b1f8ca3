/**
 * What the project load shows around the viewer (SPEC §4, §8): the loading dialog with the three
 * loading steps (after an upload, the upload's own dialog shows them), the load error dialog (Close returns to /), also for a link whose project is gone
 * or no longer shared, and, when the server no longer knows the owner's session, a way back to the
 * login.
 */
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectLoadError, selectLoadShownByUpload, selectLoadStep, selectLoadView } from '../../machines/viewer/viewerSelectors';
import { useLL } from '../app/I18nProvider';
import { BrandLogo } from '../common/BrandLogo';
import { LoadErrorDialog } from '../dialogs/LoadErrorDialog';
import { LoadingDialog } from '../dialogs/LoadingDialog';
import { useFirstFrameOnScreen } from './CanvasHost';
import type { ViewerActor } from './viewerActors';

export function LoadStatus({ viewer }: { viewer: ViewerActor }) {
  const navigate = useNavigate();
  const view = useSelector(viewer, selectLoadView);
  const step = useSelector(viewer, selectLoadStep, (a, b) => a.message === b.message && a.progress === b.progress);
  const error = useSelector(viewer, selectLoadError);
  // The model an upload made: the upload's loading view goes on until it is shown, so there is one dialog, not two.
  const shownByUpload = useSelector(viewer, selectLoadShownByUpload);
  // With the link's first frame on screen, the progress stays clear of the model, which can be turned meanwhile.
  const overModel = useFirstFrameOnScreen();
  if (view === 'unauthorized') return <SessionEndedScreen returnTo={window.location.pathname} />;
  return (
    <>
      <LoadingDialog open={view === 'loading' && !shownByUpload} message={step.message} progress={step.progress} overModel={overModel} />
      <LoadErrorDialog open={view === 'failed' || view === 'notFound'} error={error} onClose={() => void navigate({ to: '/' })} />
    </>
  );
}

/** The owner's session ended while the project was read: log in again and come back here. */
export function SessionEndedScreen({ returnTo }: { returnTo: string }) {
  const LL = useLL();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-surface px-6 text-center text-fg">
      <BrandLogo />
      <h1 className="text-2xl font-extrabold">{LL.login.errors.session_expired()}</h1>
      <p className="max-w-md text-fg-muted">{LL.login.logInAgain()}</p>
      <a href={`/login?redirect=${encodeURIComponent(returnTo)}`} className="rounded-lg bg-primary px-4 py-2 font-bold text-on-primary hover:bg-primary-hover">
        {LL.login.submit()}
      </a>
    </main>
  );
}
