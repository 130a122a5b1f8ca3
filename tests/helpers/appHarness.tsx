/**
 * Renders views with real session/settings actors wired to a fake API and in-memory storage,
 * so component tests drive the same machines as the application.
 */
import type { LinkQuote } from '../../src/api/quoteSchemas';
import type { MachiningList } from '../../src/model/machining/machiningList';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ALL_SHARE_OPTIONS, type LoginRequest, type LoginResponse, type Settings, type SharedProject } from '../../src/api/schemas';
import { localTokenStore } from '../../src/api/tokenStore';
import { createAppActors, type SessionApi } from '../../src/machines/appActors';
import { createProjectServices } from '../../src/machines/projects/projectServices';
import { DEFAULT_RUNTIME_CONFIG } from '../../src/machines/runtimeConfig';
import { createViewerContentServices } from '../../src/machines/viewer/notes/contentServices';
import { createViewerServices } from '../../src/machines/viewer/viewerServices';
import { memoryStorage } from '../../src/machines/storage/persisted';
import { AppServicesProvider, type AppServices } from '../../src/ui/app/AppServices';
import { I18nProvider } from '../../src/ui/app/I18nProvider';
import { createAppRouter } from '../../src/ui/router';
import { fakeProjectsApi, fakeUploadSocket, type FakeProjectsApi } from './fakeProjectsApi';

// Routes load their screens lazily; the first import of a screen's chunk is transformed on demand.
configure({ asyncUtilTimeout: 5000 });

export const loginAnswer: LoginResponse = {
  success: true,
  accessToken: 'tok-1',
  settings: {},
  userInfo: { fullName: 'Ana Martin', avatarUrl: '/avatar-default.svg', isLoggedIn: true },
};

export interface HarnessOptions {
  login?: (body: LoginRequest) => Promise<LoginResponse>;
  storage?: ReturnType<typeof memoryStorage>;
  browserLanguages?: string[];
  accountSiteUrl?: string;
  /** The project calls (an empty list by default). */
  projectsApi?: FakeProjectsApi;
  /** What a shared link's read answers (a 404 by default). */
  sharedProject?: SharedProject;
  /** What a link's options answer (none offered by default). */
  linkOptions?: LinkQuote;
  /** The machining the data sheet and the workshop read (else the read fails). */
  machining?: MachiningList;
}

/** A published kitchen as its link shows it (every share option on), for the link's screens. */
export const SAMPLE_LINK: SharedProject = {
  name: 'Kitchen',
  ownerName: 'Ana Martin',
  ownerAvatarUrl: '/a.svg',
  currentStage: 'approval',
  shareOptions: ALL_SHARE_OPTIONS,
  creationDate: new Date(2026, 0, 1, 9, 0),
  modificationDate: new Date(2026, 0, 2, 9, 0),
  revisionNumber: 4,
  modelUrl: '/m/4.glb',
  thumbnailUrl: '',
  approval: null,
};

export function createServices(options: HarnessOptions = {}) {
  const calls = { login: [] as LoginRequest[], logout: 0, patch: [] as Settings[] };
  const api: SessionApi = {
    login: (body) => {
      calls.login.push(body);
      return options.login ? options.login(body) : Promise.resolve(loginAnswer);
    },
    logout: async () => void calls.logout++,
    patchSettings: async (s) => void calls.patch.push(s),
  };
  const storage = options.storage ?? memoryStorage();
  const actors = createAppActors({ api, storage, tokens: localTokenStore(storage), browserLanguages: options.browserLanguages ?? ['en-US'] });
  const projectsApi = options.projectsApi ?? fakeProjectsApi();
  const upload = fakeUploadSocket();
  const projects = createProjectServices({
    api: projectsApi,
    socket: upload.logic,
    imageUrlOf: async (blob) => `data:${blob.type};base64,${btoa(await blob.text())}`,
    storage,
  });
  const content = createViewerContentServices({
    listComments: async () => [],
    createComment: async () => Promise.reject(new Error('not in these tests')),
    deleteComment: async () => undefined,
    listAttachments: async () => [],
    createAttachment: async () => Promise.reject(new Error('not in these tests')),
    deleteAttachment: async () => undefined,
    deleteComments: async () => ({ deletedIds: [] }),
    deleteAttachments: async () => ({ deletedIds: [] }),
  });
  const services: AppServices = {
    ...actors,
    config: { ...DEFAULT_RUNTIME_CONFIG, accountSiteUrl: options.accountSiteUrl ?? 'https://account.test' },
    projects,
    viewer: createViewerServices({
      api: {
        ...projectsApi,
        getSharedProject: async () => options.sharedProject ?? Promise.reject(Object.assign(new Error('not found'), { status: 404 })),
        sharedLogoUrl: (accessKey) => `/api/v1/projects/accessKeys/${accessKey}/logo`,
        getLinkOptions: async () => options.linkOptions ?? { options: { groups: [], validityDays: 30 }, currency: 'EUR', nodes: {}, textures: {} },
        listRevisions: async () => [],
        revisionChanges: async () => Promise.reject(new Error('not in these tests')),
        restoreRevision: async () => Promise.reject(new Error('not in these tests')),
        getMachining: async () => options.machining ?? Promise.reject(new Error('not in these tests')),
        machiningFile: async () => Promise.reject(new Error('not in these tests')),
        approveRevision: async () => Promise.reject(new Error('not in these tests')),
        askForChanges: async () => Promise.reject(new Error('not in these tests')),
        listReviewedComments: async () => [],
        readNoteAnchor: async () => ({ view: null, markup: [] }),
        linkRevisionChanges: async () => Promise.reject(new Error('not in these tests')),
        createReviewComment: async () => Promise.reject(new Error('not in these tests')),
        setCommentStatus: async () => Promise.reject(new Error('not in these tests')),
        // No live events in these tests: the stream stays open until the viewer stops.
        // No presence server here: the socket waits for an address that never comes.
        presenceUrl: () => new Promise<string>(() => {}),
        listenToEvents: (_ref, _onEvent, signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
        exportVok: async () => Promise.reject(new Error('not in these tests')),
      },
      projectMachines: projects.machines,
      content,
      upload: projects.upload,
      settings: actors.settings,
      session: actors.session,
      sandboxModelUrl: '/sample.glb',
    }),
    content,
  };
  return { services, calls, storage, projectsApi, socket: upload.socket };
}

export function Providers({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <AppServicesProvider services={services}>
      <I18nProvider>{children}</I18nProvider>
    </AppServicesProvider>
  );
}

export function renderWithServices(ui: ReactNode, options: HarnessOptions = {}) {
  const harness = createServices(options);
  return { ...harness, ...render(<Providers services={harness.services}>{ui}</Providers>) };
}

/** The whole route tree at a given path, in memory. */
export function renderRoutes(path: string, options: HarnessOptions = {}) {
  const harness = createServices(options);
  const router = createAppRouter(harness.services, createMemoryHistory({ initialEntries: [path] }));
  const view = render(
    <Providers services={harness.services}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...harness, ...view, router };
}

/**
 * One component under a router of its own (for components with links), with the app's services.
 * jsdom has no ResizeObserver, which Headless UI's anchored panels watch: an inert one stands in.
 */
export function renderInRouter(ui: () => ReactNode, options: HarnessOptions = {}) {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  const harness = createServices(options);
  const rootRoute = createRootRoute({ component: ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const view = render(
    <Providers services={harness.services}>
      <RouterProvider router={router as never} />
    </Providers>,
  );
  return { ...harness, ...view };
}
