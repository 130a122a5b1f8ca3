// @vitest-environment jsdom
/** The viewer's share panel: the HTML that embeds the link only while published, in both languages. */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(screen.getByRole('button', { name: 'Copier dans le presse-papiers' })).toBeTruthy();
  });
});
