// @vitest-environment jsdom
/**
 * The machining views: a panel's data sheet reads the machining only when asked, then draws the
 * panel (a circle per bore on a large face, the groove's channel) and counts its operations in the
 * reader's language; a part that is not a board says so; the workshop's tab lists the panels by
 * cabinet as soon as it shows.
 */
import { useActorRef } from '@xstate/react';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MachiningList } from '../../../src/model/machining/machiningList';
import { useAppServices } from '../../../src/ui/app/AppServices';
import { MachiningTab } from '../../../src/ui/machining/MachiningTab';
import { PanelMachining } from '../../../src/ui/machining/PanelMachining';
import { DEFAULT_WORKSHOP_SETTINGS } from '../../../src/model/cutting/workshopSettings';
import { I18nContext } from '../../../src/i18n/i18n-react';
import { i18nObject } from '../../../src/i18n/i18n-util';
import { WorkshopSettingsForm } from '../../../src/ui/workshop/WorkshopSettingsForm';
import { renderWithServices } from '../../helpers/appHarness';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

const side = {
  node: '7', name: 'Left side', cabinet: 'Base 1', cabinetNode: '2', material: 'Melamine white 18', source: 'model' as const,
  length: 720, width: 560, thickness: 18,
  outline: [[0, 0], [720, 0], [720, 560], [0, 560]] as Array<[number, number]>,
  bores: [96, 128, 160].map((x) => ({ kind: 'hole' as const, face: 'top' as const, x, y: 37, z: 18, diameter: 5, depth: 12, through: false })),
  grooves: [{ kind: 'groove' as const, face: 'top' as const, from: [20, 540] as [number, number], to: [700, 540] as [number, number], width: 8, depth: 8 }],
};
const door = { ...side, node: '9', name: 'Door', cabinet: 'Wall 1', cabinetNode: '8', material: 'Oak veneer 19', thickness: 19, grooves: [], bores: [{ kind: 'cup' as const, face: 'top' as const, x: 124, y: 22.5, z: 19, diameter: 35, depth: 12.5, through: false }] };
const machining: MachiningList = { revision: 2, panels: [side, door] };

function Sheet({ node }: { node: string }) {
  const { viewer } = useAppServices();
  const actor = useActorRef(viewer.machining, { input: { ref: { id: 4 } } });
  return <PanelMachining actor={actor} node={node} />;
}

describe("a panel's machining in its data sheet", () => {
  it('is read when asked, then drawn with its bores and groove and counted', async () => {
    renderWithServices(<Sheet node="7" />, { machining });
    expect(screen.queryByTestId('panel-drawing')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the drawing' }));
    const drawing = await screen.findByTestId('panel-drawing');
    expect(drawing.getAttribute('aria-label')).toBe('Drawing of Left side');
    expect(drawing.querySelectorAll('[data-role="hole"]')).toHaveLength(3);
    expect(drawing.querySelectorAll('[data-role="groove"]')).toHaveLength(1);
    // Each hole's x is dimensioned from the reference corner.
    const labels = [...drawing.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toEqual(expect.arrayContaining(['96', '128', '160', '720', '560']));
    expect(screen.getByTestId('panel-operation-counts').textContent).toBe('3 holes, 0 cups, 1 groove');
    expect(screen.getByRole('button', { name: 'Drawing (PDF)' })).toBeTruthy();
  });

  it('speaks French, and says when the part is not a board', async () => {
    renderWithServices(<Sheet node="9" />, { machining, browserLanguages: ['fr'] });
    fireEvent.click(screen.getByRole('button', { name: 'Afficher le plan' }));
    expect((await screen.findByTestId('panel-operation-counts')).textContent).toBe('0 perçage, 1 cuvette, 0 rainure');
    cleanup();
    renderWithServices(<Sheet node="3" />, { machining });
    fireEvent.click(screen.getByRole('button', { name: 'Show the drawing' }));
    expect(await screen.findByText('Not a panel: nothing to machine.')).toBeTruthy();
  });

  it('says a failed read and offers to read again', async () => {
    renderWithServices(<Sheet node="7" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show the drawing' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The machining could not be read.');
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe("the workshop's Machining tab", () => {
  it('lists every panel by cabinet with its operations, and the files to download', async () => {
    renderWithServices(<MachiningTab projectId={4} projectName="Kitchen" />, { machining });
    const tab = await screen.findByTestId('machining-tab');
    expect(within(tab).getByText('2 panels, 3 holes, 1 cup, 1 groove')).toBeTruthy();
    expect(within(tab).getAllByTestId('machining-row')).toHaveLength(2);
    const base = within(tab).getByRole('region', { name: 'Base 1' });
    expect(within(base).getByText('720 x 560 x 18')).toBeTruthy();
    expect(within(base).getByText('3 holes, 0 cups, 1 groove')).toBeTruthy();
    expect(within(tab).getByRole('button', { name: 'Download the machining files (DXF, drilling CSV)' })).toBeTruthy();
    expect(within(tab).getAllByRole('button', { name: 'Drawings of the cabinet (PDF)' })).toHaveLength(2);
  });
});

describe('the DXF layer names in the workshop settings', () => {
  it('choose a preset, and a name of their own per kind that an empty field gives back to the preset', () => {
    const changes: unknown[] = [];
    const { rerender } = renderWithLocale(<WorkshopSettingsForm draft={DEFAULT_WORKSHOP_SETTINGS} errors={[]} saving={false} saveFailed={false} onChange={(d) => changes.push(d.machiningLayers)} onSave={() => {}} />);
    const fields = screen.getByTestId('machining-layers');
    expect((within(fields).getByLabelText('Hole in a face') as HTMLInputElement).placeholder).toBe('DRILL_{face}_D{diameter}_Z{depth}');
    fireEvent.change(within(fields).getByLabelText('Layer names as'), { target: { value: 'controlNesting' } });
    expect(changes.at(-1)).toEqual({ preset: 'controlNesting', templates: {} });
    fireEvent.change(within(fields).getByLabelText('Hole in a face'), { target: { value: 'BORE {depth}' } });
    expect(changes.at(-1)).toEqual({ preset: 'generic', templates: { hole: 'BORE {depth}' } });
    const draft = { ...DEFAULT_WORKSHOP_SETTINGS, machiningLayers: { preset: 'controlNesting' as const, templates: { hole: 'BORE {depth}' } } };
    rerender(<I18nContext.Provider value={{ locale: 'en', LL: i18nObject('en'), setLocale: () => {} }}><WorkshopSettingsForm draft={draft} errors={[]} saving={false} saveFailed={false} onChange={(d) => changes.push(d.machiningLayers)} onSave={() => {}} /></I18nContext.Provider>);
    expect((within(screen.getByTestId('machining-layers')).getByLabelText('Cup') as HTMLInputElement).placeholder).toBe('{back}pocket z{depth} d{diameter}');
    fireEvent.change(within(screen.getByTestId('machining-layers')).getByLabelText('Hole in a face'), { target: { value: '  ' } });
    expect(changes.at(-1)).toEqual({ preset: 'controlNesting', templates: {} });
  });
});
