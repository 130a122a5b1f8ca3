/**
 * Routes (SPEC §2), code-based with TanStack Router. Guards read the session actor given in
 * the router context; when the session starts or ends the router re-runs them.
 */
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  useRouter,
  type RouterHistory,
} from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { SessionActor, SettingsActor } from '../machines/appActors';
import { isAccessKeyParam, isProjectIdParam, safeReturnPath } from '../machines/routeRules';
import { selectIsLoggedIn } from '../machines/session/sessionSelectors';
import { useDocumentTitle } from './app/documentTitle';
import { useLL } from './app/I18nProvider';
import { UploadDialogs } from './dialogs/UploadDialogs';
import { LoginScreen } from './login/LoginScreen';
import { preloadEngine } from './viewer/CanvasHost';

/**
 * A viewer route's screen in its own chunk, fetched together with the engine chunk: the login and
 * list routes load neither, and a viewer waits for one round of downloads, not two.
 */
function viewerScreen<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    void preloadEngine().catch(() => undefined); // the canvas reports a failed engine download
    return load();
  };
}

interface RouterContext {
  session: SessionActor;
  settings: SettingsActor;
}

const isLoggedIn = (context: RouterContext) => selectIsLoggedIn(context.session.getSnapshot());

function RootLayout() {
  const router = useRouter();
  const { session } = rootRoute.useRouteContext();
  const loggedIn = useSelector(session, selectIsLoggedIn);
  const LL = useLL();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void router.invalidate();
  }, [loggedIn, router]);
  useDocumentTitle(LL.common.appName(), 0);
  return (
    <>
      <Outlet />
      {loggedIn ? <UploadDialogs /> : null}
    </>
  );
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ context, search }) => {
    if (isLoggedIn(context)) throw redirect({ href: safeReturnPath(search.redirect) });
  },
  component: LoginScreen,
});

const listRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    if (!isLoggedIn(context)) throw redirect({ to: '/login' });
  },
  // Its own chunk: the list's dialogs and panels load with it.
  component: lazyRouteComponent(() => import('./list/ProjectListScreen'), 'ProjectListScreen'),
});

const projectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'projects/$id',
  beforeLoad: ({ context, params, location }) => {
    if (!isProjectIdParam(params.id)) throw redirect({ to: '/' });
    if (!isLoggedIn(context)) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: lazyRouteComponent(
    viewerScreen(() =>
      import('./viewer/OwnerViewerScreen').then(({ OwnerViewerScreen }) => ({
        default: function ProjectRoute() {
          const { id } = projectRoute.useParams();
          return <OwnerViewerScreen projectId={Number(id)} />;
        },
      })),
    ),
  ),
});

/** The project's printable QR labels (owner). */
const labelsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'projects/$id/labels',
  beforeLoad: ({ context, params, location }) => {
    if (!isProjectIdParam(params.id)) throw redirect({ to: '/' });
    if (!isLoggedIn(context)) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: lazyRouteComponent(() =>
    import('./labels/LabelsScreen').then(({ LabelsScreen }) => ({
      default: function LabelsRoute() {
        const { id } = labelsRoute.useParams();
        return <LabelsScreen projectId={Number(id)} />;
      },
    })),
  ),
});

/** The project's workshop page: cutting diagrams, part labels, estimate, materials and prices (owner). */
const workshopRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'projects/$id/workshop',
  beforeLoad: ({ context, params, location }) => {
    if (!isProjectIdParam(params.id)) throw redirect({ to: '/' });
    if (!isLoggedIn(context)) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: lazyRouteComponent(() =>
    import('./workshop/WorkshopScreen').then(({ WorkshopScreen }) => ({
      default: function WorkshopRoute() {
        const { id } = workshopRoute.useParams();
        return <WorkshopScreen projectId={Number(id)} />;
      },
    })),
  ),
});

const sharedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 's/$accessKey',
  beforeLoad: ({ params }) => {
    if (!isAccessKeyParam(params.accessKey)) throw redirect({ to: '/' });
  },
  component: lazyRouteComponent(
    viewerScreen(() =>
      import('./viewer/SharedViewerScreen').then(({ SharedViewerScreen }) => ({
        default: function SharedRoute() {
          const { accessKey } = sharedRoute.useParams();
          return <SharedViewerScreen accessKey={accessKey} />;
        },
      })),
    ),
  ),
});

const sandboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sandbox',
  component: lazyRouteComponent(viewerScreen(() => import('./sandbox/SandboxScreen')), 'SandboxScreen'),
});

/** /fr: French for a logged-out visitor, then on to the login screen. */
const frenchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'fr',
  beforeLoad: ({ context }) => {
    if (isLoggedIn(context)) throw redirect({ to: '/' });
    context.settings.send({ type: 'settings.languageChanged', language: 'fr' });
    throw redirect({ to: '/login' });
  },
});

/** Any other path goes to the list (which sends a logged-out visitor on to /login). */
const otherRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/' });
  },
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  listRoute,
  projectRoute,
  labelsRoute,
  workshopRoute,
  sharedRoute,
  sandboxRoute,
  frenchRoute,
  otherRoute,
]);

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({ routeTree, context, history, scrollRestoration: true });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
