// @vitest-environment jsdom
/**
 * The upload dialogs with the real upload actor and a fake socket (SPEC §4, §8): the loading
 * view, the credit question answered true/false over the socket, the missing-credits dialog,
 * and the load error whose Close returns to /. A small memory router stands in for the app's.
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project } from '../../../src/api/schemas';
import { UploadDialogs } from '../../../src/ui/dialogs/UploadDialogs';
import type { SocketEvent } from '../../../src/machines/upload/uploadMachine';
import { makeProject } from '../../helpers/fakeProjectsApi';
import { renderWithServices } from './dialogHarness';

afterEach(cleanup);

const file = { name: 'Kitchen A.step', bytes: new Uint8Array([1, 2, 3]) };

function memoryRouter(path: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <UploadDialogs />
      </>
    ),
  });
  const list = createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Project list</h1> });
  const viewer = createRoute({ getParentRoute: () => root, path: 'projects/$id', component: () => <h1>Viewer</h1> });
  return createRouter({ routeTree: root.addChildren([list, viewer]), history: createMemoryHistory({ initialEntries: [path] }) });
}

async function setup(options: { path?: string; locale?: 'en' | 'fr' } = {}) {
  const router = memoryRouter(options.path ?? '/projects/5');
  const view = renderWithServices(<RouterProvider router={router} />, options.locale ?? 'en');
  await screen.findByRole('heading');
  const upload = view.services.projects.upload;
  const reply = (event: SocketEvent) => act(() => view.socket.reply(event));
  const start = async (kind: 'create' | 'update' = 'update') => {
    act(() => upload.send(kind === 'create' ? { type: 'upload.create', file } : { type: 'upload.update', projectId: 5, file }));
    await waitFor(() => expect(view.socket.open).toBe(true));
  };
  return { ...view, router, upload, reply, start, user: userEvent.setup({ delay: null }) };
}

const path = (router: ReturnType<typeof memoryRouter>) => router.state.location.pathname;

describe('upload dialogs', () => {
  it('show nothing while no upload runs', async () => {
    await setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('show the loading view with the step message and the overall percentage: three steps for a create', async () => {
    const { start, reply } = await setup();
    await start('create');
    expect(screen.getByRole('dialog', { name: 'Loading' })).toBeTruthy();
    expect(screen.getByText('0 %')).toBeTruthy();
    expect(screen.getByText('Upload in progress...')).toBeTruthy();
    reply({ type: 'socket.sent', fraction: 0.5 });
    expect(screen.getByText('Upload in progress...')).toBeTruthy();
    expect(screen.getByText('15 %')).toBeTruthy();
    reply({ type: 'socket.status', progress: 0.25, activity: 'convert' });
    expect(screen.getByText('Conversion in progress...')).toBeTruthy();
    expect(screen.getByText('41 %')).toBeTruthy();
  });

  it('keep one loading view from the first byte to the model on screen, its percentage only going up to 100 %', async () => {
    const { start, reply, router, upload } = await setup({ path: '/' });
    await start('create');
    const dialog = screen.getByRole('dialog', { name: 'Loading' });
    const shown: number[] = [];
    const texts: string[] = [];
    const step = (event: () => void) => {
      event();
      // The same dialog element at every step: it never closed and opened again.
      expect(screen.getByRole('dialog', { name: 'Loading' })).toBe(dialog);
      shown.push(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow')));
      texts.push(screen.getByRole('progressbar').getAttribute('aria-label')!);
    };
    step(() => undefined);
    for (const fraction of [0.3, 1]) step(() => reply({ type: 'socket.sent', fraction }));
    for (const progress of [0, 0.5, 1]) step(() => reply({ type: 'socket.status', progress, activity: 'convert' }));
    step(() => reply({ type: 'socket.result', project: makeProject({ id: 42, name: 'Kitchen A' }) }));
    await waitFor(() => expect(path(router)).toBe('/projects/42'));
    // The viewer of the new project reports its load (viewerServices does it from the viewer machine).
    step(() => act(() => upload.send({ type: 'upload.modelClaimed', projectId: 42, loader: 'viewer-1' })));
    step(() => act(() => upload.send({ type: 'upload.modelProgress', projectId: 42, fraction: 0.5, message: 'loadingResources' })));
    step(() => act(() => upload.send({ type: 'upload.modelProgress', projectId: 42, fraction: 0.9, message: 'processingRenderModes' })));
    expect(screen.getByRole('dialog', { name: 'Loading' }).textContent).toContain('Processing render modes...');
    for (let i = 1; i < shown.length; i++) expect(shown[i]).toBeGreaterThan(shown[i - 1] - 1e-9);
    expect(shown).toEqual([0, 9, 31, 33, 49, 65, 66, 66, 82, 95]);
    expect(texts).not.toContain('Initializing...');
    act(() => upload.send({ type: 'upload.modelShown', projectId: 42 }));
    expect(screen.queryByRole('dialog', { name: 'Loading' })).toBeNull();
  });

  it('say what the conversion is doing and, once it can tell, the time left, in the user\'s language', async () => {
    const { start, reply } = await setup({ locale: 'fr' });
    await start('create');
    reply({ type: 'socket.status', progress: 0.1, activity: 'Reading the STEP file: 40 %', at: 1_000 });
    expect(screen.getByTestId('loading-activity').textContent).toBe('Lecture du fichier STEP : 40 %');
    expect(screen.queryByTestId('loading-time-left')).toBeNull();
    // 0.25 of the conversion in 5 s: 0.65 left takes 13 s, shown rounded up to 15 s.
    reply({ type: 'socket.status', progress: 0.35, activity: 'Reading parts: 3 of 139', at: 6_000 });
    expect(screen.getByTestId('loading-activity').textContent).toBe('Lecture des pièces : 3 sur 139');
    expect(screen.getByTestId('loading-time-left').textContent).toBe('Environ 15 s restantes');
    // An activity the app does not know is shown as the server wrote it.
    reply({ type: 'socket.status', progress: 0.5, activity: 'Polishing', at: 7_000 });
    expect(screen.getByTestId('loading-activity').textContent).toBe('Polishing');
  });

  it('count the time left down while the progress stands still (the poster), then say it is almost done', async () => {
    const { start, reply, upload } = await setup();
    await start('create');
    const left = () => screen.getByTestId('loading-time-left').textContent;
    reply({ type: 'socket.status', progress: 0.1, activity: 'Reading the STEP file: 40 %', at: 1_000 });
    // 0.2 of the conversion in 4 s: the 0.7 left takes 14 s, shown rounded up to 15 s.
    reply({ type: 'socket.status', progress: 0.3, activity: 'Drawing the poster', at: 5_000 });
    expect(left()).toBe('About 15 s left');
    // No status for a while (a poster being drawn): the page's clock counts down.
    act(() => upload.send({ type: 'upload.clock', at: 10_000 }));
    expect(left()).toBe('About 10 s left');
    act(() => upload.send({ type: 'upload.clock', at: 17_500 }));
    expect(left()).toBe('About 5 s left');
    // Past its estimate, it no longer names a time that stays wrong.
    act(() => upload.send({ type: 'upload.clock', at: 19_500 }));
    expect(left()).toBe('Almost done');
  });

  it('after a reload that stopped an upload, say which file stopped and start again with the file chosen again', async () => {
    const { upload, user, socket } = await setup({ path: '/' });
    act(() => upload.send({ type: 'upload.interrupted', upload: { kind: 'create', fileName: 'Kitchen A.step', projectId: null } }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload stopped' });
    expect(dialog.textContent).toContain('The upload of “Kitchen A.step” stopped when the page was reloaded.');
    // jsdom's File reads no bytes: this one answers as a browser's does.
    const chosen = Object.assign(new File([new Uint8Array([1, 2, 3])], 'Kitchen A.step'), { arrayBuffer: async () => new Uint8Array([1, 2, 3]).buffer });
    await user.upload(screen.getByLabelText('Choose the file again'), chosen);
    await waitFor(() => expect(socket.open).toBe(true));
    expect(socket.inputs.at(-1)?.request).toMatchObject({ kind: 'create', fileName: 'Kitchen A.step' });
    expect(screen.queryByRole('dialog', { name: 'Upload stopped' })).toBeNull();
  });

  it('after a reload that stopped an update, Close forgets it', async () => {
    const { upload, user, socket } = await setup({ path: '/', locale: 'fr' });
    act(() => upload.send({ type: 'upload.interrupted', upload: { kind: 'update', fileName: 'Cuisine.dae', projectId: 5 } }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoi interrompu' });
    expect(dialog.textContent).toContain('L’envoi de « Cuisine.dae » s’est arrêté');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog', { name: 'Envoi interrompu' })).toBeNull();
    expect(socket.open).toBe(false);
  });

  it('ask before an update replaces the approved revision: Keep opens the socket keeping it, Ask again opens it plainly, Cancel sends nothing', async () => {
    const { upload, user, socket } = await setup({ path: '/' });
    const update = () => act(() => upload.send({ type: 'upload.update', projectId: 5, file, approvedRevision: 3 }));
    update();
    const ask = screen.getByRole('alertdialog', { name: 'Revision 3 is approved' });
    expect(ask.textContent).toContain('Making revision 4 current asks them to approve again');
    expect(screen.queryByRole('dialog', { name: 'Loading' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(socket.inputs).toEqual([]);

    update();
    await user.click(screen.getByRole('button', { name: 'Keep the approval' }));
    await waitFor(() => expect(socket.open).toBe(true));
    expect(screen.getByRole('dialog', { name: 'Loading' })).toBeTruthy();
    expect(socket.inputs.map(({ request }) => request)).toMatchObject([{ kind: 'setModel', projectId: 5, keepApproval: true }]);
    act(() => socket.reply({ type: 'socket.result', project: makeProject({ id: 5 }) }));

    update();
    await user.click(screen.getByRole('button', { name: 'Ask for approval again' }));
    await waitFor(() => expect(socket.inputs).toHaveLength(2));
    expect(socket.inputs[1].request).toMatchObject({ kind: 'setModel', projectId: 5, keepApproval: false });
  });

  it('ask about the approved revision in French', async () => {
    const { upload } = await setup({ path: '/', locale: 'fr' });
    act(() => upload.send({ type: 'upload.update', projectId: 5, file, approvedRevision: 1 }));
    const ask = screen.getByRole('alertdialog', { name: 'La révision 1 est approuvée' });
    expect(ask.textContent).toContain('Rendre la révision 2 actuelle');
    expect(screen.getByRole('button', { name: 'Garder l’approbation' })).toBeTruthy();
  });

  it('make the browser ask before leaving the page while the file goes up or converts, and not after', async () => {
    const { start, reply } = await setup();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await start('update');
    reply({ type: 'socket.sent', fraction: 0.5 });
    expect(leave()).toBe(true);
    reply({ type: 'socket.status', progress: 0.5, activity: 'Reading parts: 3 of 9' });
    expect(leave()).toBe(true);
    reply({ type: 'socket.result', project: makeProject({ id: 5 }) });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Loading' })).toBeNull());
    expect(leave()).toBe(false);
  });

  it('counts two steps for an update from a card, where no model loads after (SPEC §4: the whole way to 100 %)', async () => {
    const { start, reply } = await setup();
    await start('update');
    reply({ type: 'socket.sent', fraction: 0.5 });
    expect(screen.getByText('23 %')).toBeTruthy();
    reply({ type: 'socket.status', progress: 0.75, activity: 'convert' });
    expect(screen.getByText('85 %')).toBeTruthy();
  });

  it('Continue on the credit question answers true and goes on loading', async () => {
    const { start, reply, user, socket, upload } = await setup();
    await start();
    reply({ type: 'socket.status', progress: 0.5, activity: 'convert' });
    reply({ type: 'socket.confirmCredit' });
    expect(screen.getByRole('alertdialog', { name: 'Confirm credit usage' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Loading' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(socket.commands).toEqual([{ type: 'socket.answerCredit', result: true }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Loading' })).toBeTruthy();
    expect(screen.getByText('Conversion in progress...')).toBeTruthy();
    expect(upload.getSnapshot().matches({ transferring: 'converting' })).toBe(true);
  });

  it('Cancel on the credit question answers false and ends the upload', async () => {
    const { start, reply, user, socket, upload } = await setup();
    await start();
    reply({ type: 'socket.confirmCredit' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(socket.commands).toEqual([{ type: 'socket.answerCredit', result: false }]);
    expect(upload.getSnapshot().value).toBe('idle');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('insufficient credits: the missing-credits dialog, with its link, dismissed by Close', async () => {
    const { start, reply, user, upload, router } = await setup();
    await start();
    reply({ type: 'socket.error', message: 'insufficient_credits' });
    expect(screen.queryByRole('dialog', { name: 'Loading' })).toBeNull();
    const dialog = screen.getByRole('alertdialog', { name: 'Error' });
    expect(dialog.textContent).toContain('You have insufficient credits remaining in your subscription to proceed.');
    expect(screen.getByRole('link', { name: /^Modify subscription/ }).getAttribute('href')).toBe('https://account.test/en/subscriptions');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(upload.getSnapshot().value).toBe('idle');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(path(router)).toBe('/projects/5');
  });

  it('credit usage refused: the loading view closes silently', async () => {
    const { start, reply, upload } = await setup();
    await start();
    reply({ type: 'socket.error', message: 'credit_usage_refused' });
    expect(upload.getSnapshot().value).toBe('idle');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('any other error: the load error with the server message, whose Close returns to /', async () => {
    const { start, reply, user, upload, router } = await setup();
    await start();
    reply({ type: 'socket.error', message: 'The file is not a model this product reads.' });
    const dialog = screen.getByRole('alertdialog', { name: 'Error' });
    expect(dialog.textContent).toContain('An error occurred while loading your project.');
    expect(dialog.textContent).toContain('The file is not a model this product reads.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(path(router)).toBe('/'));
    expect(upload.getSnapshot().value).toBe('idle');
    expect(await screen.findByRole('heading', { name: 'Project list' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a socket failure: the load error names it in the current language', async () => {
    const { start, reply } = await setup();
    await start();
    reply({ type: 'socket.failure', message: 'WebSocket connection closed' });
    expect(screen.getByRole('alertdialog', { name: 'Error' }).textContent).toContain('WebSocket connection closed.');
  });

  it('after a create, open the new project', async () => {
    const { start, reply, router } = await setup({ path: '/' });
    await start('create');
    const project: Project = makeProject({ id: 42, name: 'Kitchen A' });
    reply({ type: 'socket.result', project });
    await waitFor(() => expect(path(router)).toBe('/projects/42'));
  });

  it('speak French', async () => {
    const { start, reply, user, socket } = await setup({ locale: 'fr' });
    await start();
    expect(screen.getByRole('dialog', { name: 'Chargement' })).toBeTruthy();
    reply({ type: 'socket.confirmCredit' });
    expect(screen.getByRole('alertdialog', { name: 'Confirmer l’utilisation d’un crédit' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(socket.commands).toEqual([{ type: 'socket.answerCredit', result: true }]);
    reply({ type: 'socket.error', message: 'insufficient_credits' });
    expect(screen.getByRole('alertdialog', { name: 'Erreur' }).textContent).toContain(
      'Il ne vous reste pas assez de crédits dans votre abonnement pour continuer.',
    );
    expect(screen.getByRole('link', { name: /^Modifier l’abonnement/ }).getAttribute('href')).toBe('https://account.test/fr/abonnements');
  });
});
