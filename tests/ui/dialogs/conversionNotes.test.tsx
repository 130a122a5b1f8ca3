// @vitest-environment jsdom
/**
 * The notes of a conversion, in English and French: in the dialog that follows an upload whose
 * result carries them (none when it carries none), and in the owner's project panel.
 */
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ConversionNote } from '../../../src/api/conversionNotes';
import { ownerProjectMachine } from '../../../src/machines/viewer/owner/ownerProjectMachine';
import { AppServicesProvider } from '../../../src/ui/app/AppServices';
import { UploadDialogs } from '../../../src/ui/dialogs/UploadDialogs';
import { ProjectPanel } from '../../../src/ui/viewer/panels/ProjectPanel';
import { createServices, Providers } from '../../helpers/appHarness';
import { makeProject } from '../../helpers/fakeProjectsApi';
import { renderWithServices } from './dialogHarness';
import { inLocale } from './inLocale';

afterEach(cleanup);

const NOTES: ConversionNote[] = [
  { code: 'texture_missing', params: { file: 'oak.jpg' } },
  { code: 'dxf_flat_drawing', params: {} },
  { code: 'dxf_units_assumed', params: { unit: 'mm' } },
];

const TEXTS = {
  en: [
    'The picture "oak.jpg" used by the model was not in the upload; its parts are shown in plain colour. Upload a .zip holding the model and its pictures.',
    'This DXF drawing has no faces, only lines: it is shown as a flat drawing.',
    'This DXF file does not state its unit; its lengths were read in mm.',
  ],
  fr: [
    'L’image « oak.jpg » utilisée par le modèle ne faisait pas partie de l’envoi ; ses pièces sont affichées en couleur unie. Envoyez un .zip contenant le modèle et ses images.',
    'Ce dessin DXF n’a aucune face, seulement des lignes : il est affiché comme un dessin à plat.',
    'Ce fichier DXF n’indique pas son unité ; ses longueurs ont été lues en mm.',
  ],
};
const TITLE = { en: 'Conversion notes', fr: 'Notes de conversion' };
const CLOSE = { en: 'Close', fr: 'Fermer' };

async function uploadWithResult(locale: 'en' | 'fr', conversionNotes: ConversionNote[]) {
  const root = createRootRoute({ component: () => (<><Outlet /><UploadDialogs /></>) });
  const viewer = createRoute({ getParentRoute: () => root, path: 'projects/$id', component: () => <h1>Viewer</h1> });
  const router = createRouter({ routeTree: root.addChildren([viewer]), history: createMemoryHistory({ initialEntries: ['/projects/5'] }) });
  const view = renderWithServices(<RouterProvider router={router} />, locale);
  await screen.findByRole('heading');
  act(() => view.services.projects.upload.send({ type: 'upload.update', projectId: 5, file: { name: 'drawing.dxf', bytes: new Uint8Array([1]) } }));
  await waitFor(() => expect(view.socket.open).toBe(true));
  act(() => view.socket.reply({ type: 'socket.result', project: makeProject({ id: 5, revisionNumber: 2, conversionNotes }) }));
}

describe.each(['en', 'fr'] as const)('conversion notes (%s)', (locale) => {
  it('are shown once the upload has its result, until closed', async () => {
    await uploadWithResult(locale, NOTES);
    const dialog = await screen.findByRole('dialog', { name: TITLE[locale] });
    expect([...dialog.querySelectorAll('li')].map((li) => li.textContent)).toEqual(TEXTS[locale]);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: CLOSE[locale] }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE[locale] })).toBeNull());
  });

  it('are in the project panel with the revision', () => {
    const { services } = createServices();
    const owner = createActor(ownerProjectMachine, { input: { project: makeProject({ id: 3, conversionNotes: NOTES }) } }).start();
    render(inLocale(<AppServicesProvider services={services}><ProjectPanel owner={owner} onMoreOptions={() => {}} onRevisions={() => {}} /></AppServicesProvider>, locale));
    const section = screen.getByRole('region', { name: TITLE[locale] });
    expect([...section.querySelectorAll('li')].map((li) => li.textContent)).toEqual(TEXTS[locale]);
  });
});

describe('without notes', () => {
  it('no dialog follows the upload, and the panel has no notes section', async () => {
    await uploadWithResult('en', []);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Loading' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: TITLE.en })).toBeNull();
    cleanup();
    const { services } = createServices();
    const owner = createActor(ownerProjectMachine, { input: { project: makeProject({ id: 3 }) } }).start();
    render(<Providers services={services}><ProjectPanel owner={owner} onMoreOptions={() => {}} onRevisions={() => {}} /></Providers>);
    expect(screen.queryByRole('region', { name: TITLE.en })).toBeNull();
  });
});
