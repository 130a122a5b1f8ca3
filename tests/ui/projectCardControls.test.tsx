// @vitest-environment jsdom
/**
 * A project card mounts its menu and stage dropdown on first use, and a user cannot tell: the same
 * buttons (role, name, shown stage) are there from the start; a pointer entering the card, or the
 * keyboard reaching one of them, brings the real control, which keeps the focus and opens and works
 * as before. The card's picture asks for the small poster where cards are narrow.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../src/api/schemas';
import type { Stage } from '../../src/machines/types';
import { ProjectCard } from '../../src/ui/list/ProjectCard';
import { renderInRouter } from '../helpers/appHarness';
import { makeProject } from '../helpers/fakeProjectsApi';

afterEach(cleanup);

const project = makeProject({ id: 7, name: 'Kitchen', currentStage: 'production', thumbnailUrl: '/api/v1/models/abcdefghijklmnopqrstuv/2.webp' });

async function renderCard(card: Project = project) {
  const onStageChange = vi.fn<(stage: Stage) => void>();
  const onRename = vi.fn();
  renderInRouter(() => (
    <ul>
      <ProjectCard project={card} onStageChange={onStageChange} onUpdateFile={() => {}} onRename={onRename} onShare={() => {}} onDelete={() => {}} />
    </ul>
  ));
  await screen.findByText('Kitchen');
  return { onStageChange, onRename, item: screen.getByRole('listitem') };
}

const menuButton = () => screen.getByRole('button', { name: 'Actions for Kitchen' });
const stageButton = () => screen.getByRole('button', { name: 'Step of Kitchen' });

describe('a project card', () => {
  it('shows its menu and stage buttons before any use, without the menu behind them', async () => {
    await renderCard();
    expect(menuButton().getAttribute('aria-haspopup')).toBe('menu');
    expect(stageButton().textContent).toBe('Production');
    expect(stageButton().getAttribute('aria-haspopup')).toBe('listbox');
    // The stand-ins are plain buttons: Headless UI marks its own with an id of its own.
    expect(menuButton().id).toBe('');
    expect(stageButton().id).toBe('');
  });

  it('mounts the real controls when a pointer enters the card, and the menu works', async () => {
    const { item, onRename } = await renderCard();
    fireEvent.pointerEnter(item);
    expect(menuButton().id).toMatch(/headlessui-menu-button/);
    expect(stageButton().id).toMatch(/headlessui-listbox-button/);
    fireEvent.click(menuButton());
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    expect(onRename).toHaveBeenCalledOnce();
  });

  it('hands the focus to the real stage dropdown when the keyboard reaches its stand-in, which then opens and changes the stage', async () => {
    const { onStageChange } = await renderCard();
    act(() => stageButton().focus());
    const real = stageButton();
    expect(real.id).toMatch(/headlessui-listbox-button/);
    expect(document.activeElement).toBe(real);
    fireEvent.click(real);
    const listbox = await screen.findByRole('listbox');
    fireEvent.click(within(listbox).getByRole('option', { name: 'Installation' }));
    expect(onStageChange).toHaveBeenCalledWith('installation');
  });

  it('hands the focus to the real menu button the same way', async () => {
    await renderCard();
    act(() => menuButton().focus());
    expect(menuButton().id).toMatch(/headlessui-menu-button/);
    expect(document.activeElement).toBe(menuButton());
  });

  it('asks for the small poster where cards are narrow and the whole one on a full-width card', async () => {
    await renderCard();
    const picture = screen.getByRole('listitem').querySelector('img')!;
    expect(picture.getAttribute('srcset')).toBe(`${project.thumbnailUrl}?w=480 480w, ${project.thumbnailUrl}?w=1200 1200w`);
    expect(picture.getAttribute('sizes')).toMatch(/\(min-width: 1024px\) 16vw.*100vw$/);
  });
});
