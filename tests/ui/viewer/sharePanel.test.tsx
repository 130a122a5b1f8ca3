// @vitest-environment jsdom
/** The viewer's share panel: the link to share and the HTML that embeds it, only while published, in both languages. */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Project, ProjectPatch } from '../../../src/api/schemas';
import { shareMachine } from '../../../src/machines/projects/shareMachine';
import { SharePanel } from '../../../src/ui/viewer/panels/SharePanel';
import { makeProject } from '../../helpers/fakeProjectsApi';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

function renderPanel(project: Partial<Project>, locale: 'en' | 'fr' = 'en') {
  const machine = shareMachine.provide({ actors: { patchProject: fromPromise<void, { id: number; patch: ProjectPatch }>(async () => {}) } });
  const actor = createActor(machine, { input: { project: makeProject({ id: 3, name: 'Kitchen "A"', accessKey: 'Key3abc', ...project }) } }).start();
  renderWithLocale(<SharePanel actor={actor} origin="http://workshop.lan:8080" />, locale);
  return actor;
}

describe('share panel embedding', () => {
  it('offers no embedding HTML while the project is unpublished, and offers it once published', async () => {
    const actor = renderPanel({ isPublished: false });
    expect(screen.queryByRole('textbox', { name: 'Embed in a web page' })).toBeNull();
    await act(async () => actor.send({ type: 'share.publish', value: true }));
    const embed = screen.getByRole('textbox', { name: 'Embed in a web page' }) as HTMLTextAreaElement;
    expect(embed.readOnly).toBe(true);
    expect(embed.value).toBe(
      '<iframe src="http://workshop.lan:8080/s/Key3abc" width="800" height="600" style="border:0" allow="fullscreen" loading="lazy" title="Kitchen &quot;A&quot;"></iframe>',
    );
    expect(screen.getByRole('button', { name: 'Copy to clipboard', description: 'Embed in a web page' })).toBeTruthy();
  });

  it('speaks French', () => {
    renderPanel({ isPublished: true }, 'fr');
    expect(screen.getByRole('textbox', { name: 'Intégrer dans une page web' })).toBeTruthy();
    expect(screen.getByText(/Collez ce code HTML/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copier dans le presse-papiers', description: 'Intégrer dans une page web' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Lien à partager' }) as HTMLInputElement).value).toBe('http://workshop.lan:8080/s/Key3abc');
    expect(screen.getByRole('button', { name: 'Copier dans le presse-papiers', description: 'Lien à partager' })).toBeTruthy();
  });
});

describe('share panel link', () => {
  it('gives the public link with its copy button once published, and says to publish before', async () => {
    const actor = renderPanel({ isPublished: false });
    expect(screen.queryByRole('textbox', { name: 'Link to share' })).toBeNull();
    expect(screen.getByText('Publish the project to open it to anyone with the link.')).toBeTruthy();
    await act(async () => actor.send({ type: 'share.publish', value: true }));
    const link = screen.getByRole('textbox', { name: 'Link to share' }) as HTMLInputElement;
    expect(link.readOnly).toBe(true);
    expect(link.value).toBe('http://workshop.lan:8080/s/Key3abc');
    expect(screen.queryByText('Publish the project to open it to anyone with the link.')).toBeNull();
  });

  it('copies the link to the clipboard and says Copied!', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPanel({ isPublished: true });
    await act(async () => screen.getByRole('button', { name: 'Copy to clipboard', description: 'Link to share' }).click());
    expect(writeText).toHaveBeenCalledWith('http://workshop.lan:8080/s/Key3abc');
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Copied!', '']);
  });
});
