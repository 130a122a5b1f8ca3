/**
 * The viewer machine's own screens (its orchestration; each child has a driver of its own): the
 * owner's viewer at /projects/{id}?filter=Door, a client's link at /s/{key}?part=shelf, and the
 * sandbox. The project is a cabinet of two parts, Door and Shelf, as the model's is.
 *
 * The server's answers are held: the page's reads of the project (at the start, and again when a
 * live event says it changed) and its model files (`.glb`), each answered at the path's step: sent
 * on, refused (404, 401, 500), or, for a model file, answered with bytes that are not a model. A
 * note or a change made elsewhere is made through the real API (a comment, a stage, a new revision
 * uploaded through the real socket), and the page hears it on its real live stream.
 *
 * After each step the page shows the oracle's screen: reading (Initializing), the model loading,
 * the model shown, the load error (with the link's not-found sentence), the owner's "log in again",
 * or the list once the project is deleted; the left panel the oracle expects and no other; the
 * models the page asked for, by revision; the URL's step hiding the other part while the notice runs, the
 * part selected in the hierarchy; and a read of the comments again after a note elsewhere.
 */
import { expect, type Page, type Request } from '@playwright/test';
import type { EventObject } from 'xstate';
import { api, updateProject, uploadProject } from '../../bench/lib/appServer';
import type { SharedProject } from '../../src/api/schemas';
import { BOOT_ELEMENT_ID } from '../../src/model/pageIds';
import type { Assembly } from '../../samples/assembly';
import { writeSample } from '../../samples/writers/index';
import type { Expected } from '../../tests/helpers/modelBased';
import { onPage, ownerViewerModel, sharedViewerModel, type ViewerExpected } from '../../tests/models/viewer';
import { e2eServer } from '../linkHelpers';
import { ownerWithProject } from './listScreen';
import { endPageSession, newAccount } from './accounts';
import { HeldRequests, once, refuse } from './requests';
import { type ScreenDriver, type ScreenPath } from './screenPaths';

/** The model's two parts, as a cabinet maker's file names them. */
export const DOOR_AND_SHELF: Assembly = {
  name: 'Door and shelf',
  partCount: 2,
  materials: { oak: [0.75, 0.6, 0.42] },
  root: {
    name: 'Cabinet',
    offset: [0, 0, 0],
    children: [
      { name: 'Door', box: { size: [600, 720, 18], origin: [0, 0, 560] }, material: 'oak', children: [] },
      { name: 'Shelf', box: { size: [564, 18, 540], origin: [18, 340, 0] }, material: 'oak', children: [] },
    ],
  },
};
let files: Promise<{ first: Uint8Array; next: Uint8Array }> | null = null;
/** The cabinet, and a second version of it (its shelf lower) for new revisions. */
export const modelFiles = () =>
  (files ??= (async () => {
    const next = structuredClone(DOOR_AND_SHELF);
    next.root.children[1].box!.origin = [18, 200, 0];
    return { first: await writeSample(DOOR_AND_SHELF, 'dae'), next: await writeSample(next, 'dae') };
  })());

const NAME = 'Viewer cabinet';
const TEXTS = {
  initializing: 'Initializing...',
  loadingModel: 'Loading model...',
  error: 'Error',
  notFound: 'This link is not valid, or the project is no longer shared.',
  sessionEnded: 'Your session has expired',
  close: 'Close',
  panels: { hierarchy: 'Hierarchy', share: 'Share', revisions: 'Revisions', project: 'Project' } as Record<string, string>,
};

type Step = ViewerExpected | (Expected & { played: EventObject[] });
const isViewer = (e: Step): e is ViewerExpected => 'recorded' in e;

interface ViewerScreen {
  kind: 'owner' | 'guest' | 'sandbox';
  token: string;
  projectId: number;
  accessKey: string;
  /** The page's reads of the project, held until the path's answer. */
  reads: HeldRequests;
  /** The page's model files, held until the path's answer; `asked` every one, by pathname, in order. */
  models: HeldRequests;
  asked: string[];
  /** The project's current revision when the page opens (a new one is the next number). */
  firstRevision: number;
  /** The page's reads of the comments, and their count before the step's note. */
  noteReads: number;
  noteReadsBefore: number;
  stage: 'ready' | 'production';
  /** A link's page, held until the path's answer to its read (the page carries the project). */
  documents: HeldRequests;
  /** The page's reads go through unheld (its session ended: it may try again). */
  passReads: boolean;
  /** The revision number the model's events last gave the page (a live project with another is a new revision). */
  modelRevision: number | null;
}

/** The revision each model URL of the oracle's names on this server: the first, revision 1 shown again, or a new one. */
function revisionsOf(urls: string[], first: number): number[] {
  let current = first;
  let newest = first;
  let currentUrl = urls[0];
  return urls.map((url) => {
    if (url.includes('/old/1.')) return 1;
    if (url !== currentUrl) {
      currentUrl = url;
      current = ++newest;
    }
    return current;
  });
}

/** The revision a model file's path names (`.../models/{token}/{n}.glb`, or a link's `.../models/{n}.glb`). */
const revisionOfPath = (pathname: string) => Number(/\/(\d+)\.glb$/.exec(pathname)?.[1] ?? NaN);

const opened = (value: unknown) => typeof value === 'object' && value !== null && 'open' in value;
const ready = (value: unknown) => opened(value) && (value as { open: string }).open === 'ready';

/**
 * What the page cannot play: the model's own runs, whose shortest paths use the panels while the
 * loading view covers them (each has a twin "on the page", its events kept to what the page offers
 * and when: `onThePage` in tests/models/viewer.ts); and in the approval's runs, the client's
 * approval ending and the project changing live, which are the approval machine's screen paths.
 */
function unplayable(path: ScreenPath<Step>): string | null {
  if (path.run.startsWith('approval')) {
    const approval = path.steps.some((s) => s.event.type === 'xstate.done.actor.approval' || s.event.type === 'viewer.liveProject');
    return approval ? 'the link’s approval is the approval machine’s screen path (its driver plays the client’s dialog)' : null;
  }
  return path.run.endsWith(onPage('')) ? null : 'the run’s events as the page offers them are its run “on the page”';
}

const loading = (page: Page) => page.getByRole('progressbar');
const errorDialog = (page: Page) => page.getByRole('alertdialog', { name: TEXTS.error });
const leftToolbar = (page: Page) => page.getByRole('navigation', { name: 'Project toolbar' });
const dock = (page: Page, panel: string) => page.getByRole('region', { name: TEXTS.panels[panel], exact: true });

async function openProjectPanel(page: Page) {
  const button = page.getByRole('button', { name: TEXTS.panels.project, exact: true });
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  return dock(page, 'project');
}

async function hold(page: Page, screen: ViewerScreen, readPath: string) {
  await page.route(
    (url) => url.pathname === readPath || url.pathname.endsWith('.glb') || /\/comments$/.test(url.pathname),
    (route, request: Request) => {
      const { pathname } = new URL(request.url());
      if (request.method() !== 'GET') return route.fallback();
      if (pathname === readPath) return screen.passReads ? route.fallback() : screen.reads.hold(route);
      if (pathname.endsWith('.glb')) {
        screen.asked.push(pathname);
        return screen.models.hold(route);
      }
      screen.noteReads += 1;
      return route.fallback();
    },
  );
}

function viewerScreen(model: typeof ownerViewerModel): ScreenDriver<ViewerScreen, Step> {
  return {
    model,
    unplayable,
    offScreen: {
      transitions: [
        'open.loadingModel load.progress#0',
        '(root) viewer.user#0',
        ...(model === sharedViewerModel ? ['open viewer.user#0', '(root) xstate.done.actor.approval#0'] : []),
      ],
      why:
        'the engine’s progress comes as the model file’s bytes arrive, and a held file is answered whole; the session’s user changes on the page only through the user panel’s Log in (the settings’ driver plays it; what the viewer passes on shows in notes written afterwards, the notes’ drivers’ concern)' +
        (model === sharedViewerModel ? '; a client’s approval ends through its dialog, the approval machine’s screen path (its driver plays it on this viewer)' : ''),
    },
    answers: 'held',
    async open(page, run, path) {
      const { first, next } = await modelFiles();
      const base = { documents: new HeldRequests('its page'), reads: new HeldRequests('its read of the project'), models: new HeldRequests('its model file'), asked: [], noteReads: 0, noteReadsBefore: 0, stage: 'ready' as const, modelRevision: null, passReads: false };
      if (run === onPage('sandbox')) {
        const screen: ViewerScreen = { ...base, kind: 'sandbox', token: '', projectId: 0, accessKey: '', firstRevision: 0 };
        await hold(page, screen, '/none');
        await page.goto('/sandbox?filter=Nothing&noFlash');
        return screen;
      }
      const owner = run === onPage('owner') || run === 'approval, owner';
      let account: { token: string; projectId: number; accessKey: string };
      if (owner) account = await ownerWithProject(page, 'viewer', NAME, DOOR_AND_SHELF);
      else {
        const made = await newAccount('viewer-link', { credits: 1000 });
        const project = await uploadProject(e2eServer, made.token, NAME, 'cabinet.dae', first);
        account = { token: made.token, projectId: project.id, accessKey: project.accessKey };
        // The model's link: comments and wireframe off; for the approval's runs, the stage and option the model's project has.
        const fetched = (path.steps.find((s) => s.event.type === 'xstate.done.actor.fetchProject')?.event as unknown as { output: { project: SharedProject } } | undefined)?.output.project;
        const approval = run === 'approval, link' && fetched ? { currentStage: fetched.currentStage, shareOptions: { isApprovalAvailable: fetched.shareOptions.isApprovalAvailable } } : null;
        await api(e2eServer, `projects/${project.id}`, made.token, approval ? { isPublished: true, ...approval } : { isPublished: true, shareOptions: { isCommentsVisible: false, isWireframeRenderModeAvailable: false } }, 'PATCH');
      }
      // An older revision to open: the cabinet again, as revision 2.
      const older = path.steps.some((s) => s.event.type === 'viewer.showRevision');
      const firstRevision = older ? (await updateProject(e2eServer, account.token, account.projectId, 'cabinet.dae', next)).revisionNumber : 1;
      const screen: ViewerScreen = { ...base, kind: owner ? 'owner' : 'guest', ...account, firstRevision };
      await hold(page, screen, owner ? `/api/v1/projects/${account.projectId}` : `/api/v1/projects/accessKeys/${account.accessKey}`);
      if (owner) {
        await page.goto(`/projects/${account.projectId}${run === onPage('owner') ? '?filter=Door' : ''}`);
        return screen;
      }
      // A link's page carries its project: the page itself is the read, held until the path answers it.
      await page.route((url) => url.pathname === `/s/${account.accessKey}`, (route) => screen.documents.hold(route));
      void page.goto(`/s/${account.accessKey}${run === onPage('guest') ? '?part=shelf' : ''}`).catch(() => null);
      return screen;
    },
    user: {
      async 'viewer.leftPanel'(page, _screen, event) {
        const { panel } = event as unknown as { panel: string | null };
        if (panel === null) {
          const shown = page.getByRole('region').filter({ has: page.getByRole('button', { name: TEXTS.close, exact: true }) });
          return shown.getByRole('button', { name: TEXTS.close, exact: true }).first().click();
        }
        // The Revisions panel opens from the Project panel; the others from the left toolbar.
        if (panel === 'revisions') return (await openProjectPanel(page)).getByRole('button', { name: TEXTS.panels.revisions }).click();
        await leftToolbar(page).getByRole('button', { name: TEXTS.panels[panel], exact: true }).click();
      },
      'viewer.treeSelect': (page) => page.getByRole('tree', { name: 'Part tree' }).getByRole('button', { name: 'Shelf', exact: true }).click(),
      async 'viewer.showRevision'(page, _screen, event) {
        const { revision } = event as unknown as { revision: unknown };
        if (revision === null) return page.getByRole('button', { name: 'Back to current' }).click();
        const row = dock(page, 'revisions').getByRole('listitem').filter({ hasText: 'Revision 1' });
        await row.getByRole('button', { name: 'Open', exact: true }).click();
      },
      async 'viewer.modelUpdated'(page, screen, event) {
        const panel = await openProjectPanel(page);
        await panel.getByLabel(`Choose a new model for ${NAME}`).setInputFiles({ name: 'cabinet.dae', mimeType: 'model/vnd.collada+xml', buffer: Buffer.from((await modelFiles()).next) });
        screen.modelRevision = (event as unknown as { project: { revisionNumber: number } }).project.revisionNumber;
      },
      async 'xstate.done.actor.owner'(page) {
        const panel = await openProjectPanel(page);
        await panel.getByRole('button', { name: 'Delete', exact: true }).click();
        await page.getByRole('alertdialog', { name: 'Delete project' }).getByRole('button', { name: 'Delete', exact: true }).click();
      },
    },
    server: {
      async 'xstate.done.actor.fetchProject'(_page, screen, event) {
        screen.modelRevision = (event as unknown as { output: { project: { revisionNumber: number } } }).output.project.revisionNumber;
        await (await (screen.kind === 'guest' ? screen.documents : screen.reads).next()).continue();
      },
      async 'xstate.error.actor.fetchProject'(page, screen, event) {
        // The server's own 404 (the project deleted, or the link no longer shared: its page comes
        // without the project, which the app then asks the API for) and 401 (the owner's session
        // ended on the server: the page's retries go through from then on). A 500, or a link's 401,
        // is answered for it; a link's page then comes without its project, as the server serves it
        // when it could not read it, and the app's read of it is the one refused.
        const { status } = (event as unknown as { error: { status: number } }).error;
        if (screen.kind === 'guest') {
          const document = await screen.documents.next();
          if (status === 404) {
            await api(e2eServer, `projects/${screen.projectId}`, screen.token, { isPublished: false }, 'PATCH');
            screen.passReads = true;
            return document.continue();
          }
          await once(page, 'GET', `/api/v1/projects/accessKeys/${screen.accessKey}`, (route) => refuse(route, status));
          const served = await document.fetch();
          const html = (await served.text())
            .replace(new RegExp(`(<script id="${BOOT_ELEMENT_ID}" type="application/json">)([^<]*)(</script>)`), (_all, open: string, json: string, close: string) => {
              const { shared: _shared, ...boot } = JSON.parse(json) as Record<string, unknown>;
              return `${open}${JSON.stringify(boot).replace(/</g, '\\u003c')}${close}`;
            })
            .replace(/<link rel="preload" as="fetch"[^>]*>/, '');
          return document.fulfill({ response: served, body: html });
        }
        const read = await screen.reads.next();
        if (status === 404) await api(e2eServer, `projects/${screen.projectId}`, screen.token, undefined, 'DELETE');
        else if (status === 401) {
          expect(await endPageSession(page), 'the owner\'s page holds a session').toBe(true);
          screen.passReads = true;
        } else return refuse(read, status);
        await read.continue();
      },
      // The model file the page asks for now (one it replaced is dropped).
      'load.done': async (_page, screen) => (await screen.models.newest()).continue(),
      'load.failed': async (_page, screen) => (await screen.models.newest()).fulfill({ status: 200, contentType: 'model/gltf-binary', body: Buffer.from('not a model') }),
      async 'viewer.liveNote'(_page, screen) {
        screen.noteReadsBefore = screen.noteReads;
        await api(e2eServer, `projects/${screen.projectId}/comments`, screen.token, { authorName: 'Ana Martin', text: 'Written elsewhere' });
      },
      async 'viewer.liveProject'(_page, screen, event) {
        // The step is one read of the project again, after a change made elsewhere: a new revision
        // where the model's project has another revision than the page knows, else a stage.
        const { revisionNumber } = (event as unknown as { project: { revisionNumber: number } }).project;
        if (revisionNumber !== screen.modelRevision) {
          await updateProject(e2eServer, screen.token, screen.projectId, 'cabinet.dae', (await modelFiles()).next);
        } else {
          screen.stage = screen.stage === 'ready' ? 'production' : 'ready';
          await api(e2eServer, `projects/${screen.projectId}`, screen.token, { currentStage: screen.stage }, 'PATCH');
        }
        screen.modelRevision = revisionNumber;
        await (await screen.reads.next()).continue();
      },
    },
    async expect(page, screen, e, where) {
      const value = e.value;
      if (value === 'deleted') {
        await expect(page, where).toHaveURL(/\/$/);
        return;
      }
      if (value === 'unauthorized') {
        // The login again, saying why.
        await expect(page, where).toHaveURL(/\/login/);
        await expect(page.getByText(TEXTS.sessionEnded), where).toBeVisible();
        return;
      }
      if (value === 'failed' || value === 'notFound') {
        await expect(errorDialog(page).getByRole('button', { name: TEXTS.close, exact: true }), where).toBeVisible();
        if (value === 'notFound') await expect(errorDialog(page), where).toContainText(TEXTS.notFound);
        else await expect(errorDialog(page), where).not.toContainText(TEXTS.notFound);
        return;
      }
      if (value === 'fetching' && screen.kind === 'guest') {
        // A link's page is its read: nothing of it shows until it is served.
        await expect.poll(() => screen.documents.pending().length, { message: `${where}: the link's page asked for, not served yet` }).toBe(1);
        return;
      }
      if (value === 'fetching') await expect(loading(page), where).toHaveAccessibleName(TEXTS.initializing);
      else if (!ready(value)) await expect(loading(page), where).toHaveAccessibleName(TEXTS.loadingModel);
      else {
        await expect(loading(page), where).toHaveCount(0);
        await expect(page.locator('[data-model-shown="true"]'), where).toBeAttached();
      }
      await expect(errorDialog(page), where).toHaveCount(0);
      if (!isViewer(e)) {
        // A link's approval: Approve offered while it runs, once the model is shown.
        const running = (e as Expected & { running?: boolean }).running;
        if (running !== undefined && ready(value)) await expect(page.getByRole('button', { name: 'Approve', exact: true }), where).toHaveCount(running ? 1 : 0);
        return;
      }
      // The models asked for, by revision (a held file is asked for once); the sandbox's is the app's own sample.
      const sandbox = screen.kind === 'sandbox';
      const wanted = sandbox ? e.recorded.modelUrls : revisionsOf(e.recorded.modelUrls, screen.firstRevision);
      await expect.poll(() => (sandbox ? screen.asked : screen.asked.map(revisionOfPath)), { message: `${where}: the models the page asked for, by revision` }).toEqual(wanted);
      if (!ready(value)) return;
      // The left panel the oracle expects, and no other of the model's.
      for (const panel of ['hierarchy', 'share', 'revisions']) {
        if (e.left === panel) await expect(dock(page, panel).first(), `${where}: the ${panel} panel open`).toBeVisible();
        else await expect(dock(page, panel), `${where}: the ${panel} panel closed`).toHaveCount(0);
      }
      // The URL's steps: while the notice runs (the filter's one step), the parts outside it hidden; else every part shown.
      const notices = e.recorded.received.filter((r) => r.child === 'notice').map((r) => r.type);
      const noticeRuns = notices.lastIndexOf('notice.start') > notices.lastIndexOf('notice.stop');
      await expect
        .poll(() => page.evaluate(() => window.viewerEngine?.getPartVisibility().hidden.length ?? -1), { message: `${where}: parts hidden by the URL's step` })
        [noticeRuns ? 'toBeGreaterThan' : 'toBe'](0);
      // The part selected (a model replaced forgets it), seen in the hierarchy where it is open.
      const tools = e.recorded.received.filter((r) => r.child === 'tools').map((r) => r.type);
      const selected = tools.lastIndexOf('tools.select') > tools.lastIndexOf('tools.modelChanged');
      const treeSelected = page.getByRole('treeitem', { selected: true });
      if (e.left === 'hierarchy' && selected) await expect(treeSelected, `${where}: the part selected`).toContainText('Shelf');
      if (e.left === 'hierarchy' && !selected) await expect(treeSelected, `${where}: no part selected`).toHaveCount(0);
      // A note elsewhere: the comments read again, where the page shows them.
      const last = e.played.at(-1);
      if (last?.type === 'viewer.liveNote' && e.recorded.received.at(-1)?.type === 'comments.refresh') {
        await expect.poll(() => screen.noteReads, { message: `${where}: the comments read again` }).toBeGreaterThan(screen.noteReadsBefore);
      }
    },
  };
}

export const ownerViewerScreen = viewerScreen(ownerViewerModel);
export const sharedViewerScreen = viewerScreen(sharedViewerModel);
