// @vitest-environment jsdom
/**
 * The share dialog of a card with the real share machine and a fake PATCH (SPEC §2, §4): the
 * publish switch, the public link and its embedding HTML while published, the share options
 * enabled only while published, the notice, and a failed save put back.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Project, ProjectPatch } from '../../../src/api/schemas';
import { shareMachine } from '../../../src/machines/projects/shareMachine';
import { ShareDialog } from '../../../src/ui/dialogs/ShareDialog';
import { makeProject } from '../../helpers/fakeProjectsApi';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

const OPTION_LABELS = ['Hierarchy', 'Comments', 'Hyperlinks', 'Clipping plane', 'X-ray mode', 'Illustration mode', 'Wireframe mode'];
const NOTICE = 'Please note, any change will affect anyone with this link.';
const EMBED = 'Embed in a web page';
const SNIPPET = '<iframe src="https://viewer.test/s/abc123XYZ" width="800" height="600" style="border:0" allow="fullscreen" loading="lazy" title="Kitchen &amp; Co"></iframe>';

type Patch = { id: number; patch: ProjectPatch };

function setup(options: { project?: Partial<Project>; locale?: 'en' | 'fr'; save?: (p: Patch) => Promise<void> } = {}) {
  const patches: Patch[] = [];
  const project = makeProject({ id: 3, name: 'Kitchen', accessKey: 'abc123XYZ', isPublished: false, ...options.project });
  const actor = createActor(
    shareMachine.provide({
      actors: {
        patchProject: fromPromise<void, Patch>(({ input }) => {
          patches.push(input);
          return options.save ? options.save(input) : Promise.resolve();
        }),
      },
    }),
    { input: { project } },
  ).start();
  renderWithLocale(<ShareDialog actor={actor} origin="https://viewer.test/" />, options.locale ?? 'en');
  return { actor, patches, user: userEvent.setup({ delay: null }) };
}

const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLButtonElement;
const isOn = (name: string) => toggle(name).getAttribute('aria-checked') === 'true';
const isDisabled = (name: string) => toggle(name).disabled || toggle(name).getAttribute('aria-disabled') === 'true';

describe('share dialog', () => {
  it('unpublished: says so, shows no link, and disables every share option', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Share "Kitchen"' })).toBeTruthy();
    expect(isOn('Publish')).toBe(false);
    expect(isDisabled('Publish')).toBe(false);
    expect(screen.getByText('Publish the project to open it to anyone with the link.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Link to share' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: EMBED })).toBeNull();
    for (const label of OPTION_LABELS) expect(isDisabled(label)).toBe(true);
    expect(screen.getByText(NOTICE)).toBeTruthy();
  });

  it('published: shows the public link (origin + /s/ + access key) and enables the options', () => {
    setup({ project: { isPublished: true } });
    expect(isOn('Publish')).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Link to share' }) as HTMLInputElement).value).toBe('https://viewer.test/s/abc123XYZ');
    for (const label of OPTION_LABELS) {
      expect(isDisabled(label)).toBe(false);
      expect(isOn(label)).toBe(true);
    }
    expect(screen.queryByText('Publish the project to open it to anyone with the link.')).toBeNull();
  });

  it('published: gives the HTML that embeds the link, read-only, copied by its own button', async () => {
    setup({ project: { isPublished: true, name: 'Kitchen & Co' } });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const embed = screen.getByRole('textbox', { name: EMBED }) as HTMLTextAreaElement;
    expect(embed.value).toBe(SNIPPET);
    expect(embed.readOnly).toBe(true);
    expect(screen.getByText(/Paste this HTML into a page of your site/)).toBeTruthy();
    // Two copy buttons: each is described by the label of its field.
    expect(screen.getAllByRole('button', { name: 'Copy to clipboard' })).toHaveLength(2);
    const field = embed.closest('div[data-headlessui-state]') as HTMLElement;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy to clipboard', description: EMBED })));
    expect(writeText).toHaveBeenCalledWith(SNIPPET);
    expect(within(field).getByRole('status').textContent).toBe('Copied!');
  });

  it('the publish switch saves isPublished and enables the options at once', async () => {
    const { user, patches } = setup();
    await user.click(toggle('Publish'));
    expect(isOn('Publish')).toBe(true);
    expect(isDisabled('Comments')).toBe(false);
    expect((screen.getByRole('textbox', { name: 'Link to share' }) as HTMLInputElement).value).toBe('https://viewer.test/s/abc123XYZ');
    await waitFor(() => expect(patches).toEqual([{ id: 3, patch: { isPublished: true } }]));
  });

  it('an option switch saves only that option', async () => {
    const { user, patches } = setup({ project: { isPublished: true } });
    await user.click(toggle('Comments'));
    expect(isOn('Comments')).toBe(false);
    await waitFor(() => expect(patches).toEqual([{ id: 3, patch: { shareOptions: { isCommentsVisible: false } } }]));
  });

  it('a failed save puts the switch back and says so', async () => {
    let fail!: (e: Error) => void;
    const { user } = setup({ save: () => new Promise((_, reject) => (fail = reject)) });
    await user.click(toggle('Publish'));
    expect(isOn('Publish')).toBe(true);
    await act(async () => fail(new Error('500')));
    expect((await screen.findByRole('alert')).textContent).toBe('The change could not be saved.');
    expect(isOn('Publish')).toBe(false);
    expect(isDisabled('Comments')).toBe(true);
  });

  it('Close ends the actor with the project as shown', async () => {
    const { user, actor } = setup();
    await user.click(toggle('Publish'));
    await waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toMatchObject({ id: 3, isPublished: true });
  });

  it('closing while a save runs hides the dialog and ends after the answer', async () => {
    let answer!: () => void;
    const { user, actor } = setup({ save: () => new Promise<void>((resolve) => (answer = resolve)) });
    await user.click(toggle('Publish'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(actor.getSnapshot().status).toBe('active');
    await act(async () => answer());
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output).toMatchObject({ isPublished: true });
  });

  it('speaks French', () => {
    setup({ locale: 'fr', project: { isPublished: true } });
    const dialog = screen.getByRole('dialog', { name: 'Partager « Kitchen »' });
    expect(within(dialog).getByRole('switch', { name: 'Publier' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Lien à partager' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Intégrer dans une page web' })).toBeTruthy();
    expect(within(dialog).getByRole('switch', { name: 'Arborescence' })).toBeTruthy();
    expect(within(dialog).getByText('Attention, toute modification s’appliquera à toute personne disposant de ce lien.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });
});
