// @vitest-environment jsdom
/** The owner's project panel: Export (.vok) downloads the project's package, in English and French. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ownerProjectMachine } from '../../../src/machines/viewer/owner/ownerProjectMachine';
import { ProjectPanel } from '../../../src/ui/viewer/panels/ProjectPanel';
import { createServices, Providers } from '../../helpers/appHarness';
import { makeProject } from '../../helpers/fakeProjectsApi';

afterEach(cleanup);

function renderPanel(language: 'en' | 'fr', exportVok: (input: { id: number; name: string }) => Promise<void>) {
  const { services } = createServices({ browserLanguages: [language] });
  const machine = ownerProjectMachine.provide({ actors: { exportVok: fromPromise<void, { id: number; name: string }>(({ input }) => exportVok(input)) } });
  const owner = createActor(machine, { input: { project: makeProject({ id: 7, name: 'Kitchen' }) } }).start();
  render(
    <Providers services={services}>
      <ProjectPanel owner={owner} onMoreOptions={() => {}} onRevisions={() => {}} />
    </Providers>,
  );
  return owner;
}

describe('project panel .vok export', () => {
  for (const [language, label] of [
    ['en', 'Export (.vok)'],
    ['fr', 'Exporter (.vok)'],
  ] as const) {
    it(`offers ${label} to the owner and downloads the project's package (${language})`, async () => {
      const exportVok = vi.fn(async () => {});
      const owner = renderPanel(language, exportVok);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: label })));
      expect(exportVok).toHaveBeenCalledTimes(1);
      expect(exportVok).toHaveBeenCalledWith({ id: 7, name: 'Kitchen' });
      expect(owner.getSnapshot().value).toBe('idle');
      expect(screen.queryByRole('alert')).toBeNull();
    });
  }

  it('says so when the export fails', async () => {
    renderPanel('en', async () => Promise.reject(new Error('404')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export (.vok)' })));
    expect(screen.getByRole('alert').textContent).toBe('The export failed. Try again.');
  });
});
