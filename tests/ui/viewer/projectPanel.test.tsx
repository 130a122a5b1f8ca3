// @vitest-environment jsdom
/** The owner's project panel: the link only once published (else a way to publish), and a visible Copied! */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Project, Stage } from '../../../src/api/schemas';
import { ownerProjectMachine } from '../../../src/machines/viewer/owner/ownerProjectMachine';
import { ProjectPanel } from '../../../src/ui/viewer/panels/ProjectPanel';
import { createServices, Providers } from '../../helpers/appHarness';
import { makeProject } from '../../helpers/fakeProjectsApi';

afterEach(cleanup);

function renderPanel(isPublished: boolean, patchStage = fromPromise<Project, { id: number; stage: Stage }>(async () => makeProject({ id: 3 }))) {
  const { services } = createServices();
  const machine = ownerProjectMachine.provide({ actors: { patchStage } });
  const owner = createActor(machine, { input: { project: makeProject({ id: 3, isPublished, accessKey: 'Key3abc', currentStage: 'new' }) } }).start();
  const onMoreOptions = vi.fn();
  render(
    <Providers services={services}>
      <ProjectPanel owner={owner} onMoreOptions={onMoreOptions} onRevisions={() => {}} />
    </Providers>,
  );
  return { onMoreOptions, owner };
}

describe('project panel link', () => {
  it('offers no link while the project is unpublished, and a way to publish it', () => {
    const { onMoreOptions } = renderPanel(false);
    expect(screen.queryByLabelText('Link to share')).toBeNull();
    expect(screen.getByText(/This project is not published/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish it in the share options' }));
    expect(onMoreOptions).toHaveBeenCalledTimes(1);
  });

  it('shows the link of a published project, and Copied! on screen once copied', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPanel(true);
    expect((screen.getByLabelText('Link to share') as HTMLInputElement).value).toMatch(/\/s\/Key3abc$/);
    expect(screen.getByRole('status').textContent).toBe('');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy to clipboard' })));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/\/s\/Key3abc$/));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Copied!');
    expect(status.className).not.toMatch(/sr-only/);
  });

  it('says so when a stage change could not be saved', async () => {
    const { owner } = renderPanel(false, fromPromise(async () => Promise.reject(new Error('500'))));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => owner.send({ type: 'owner.stage', stage: 'ready' }));
    expect(screen.getByRole('alert').textContent).toBe('The change could not be saved.');
  });
});
