// @vitest-environment jsdom
/**
 * A project card's layout: the stage dropdown keeps its stage on one line (cut with an ellipsis
 * where the card is narrow, whole in its tooltip), before and after the real control is mounted;
 * the Approved mark sits under the name, not over the poster.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project } from '../../src/api/schemas';
import { ProjectCard } from '../../src/ui/list/ProjectCard';
import { renderInRouter } from '../helpers/appHarness';
import { makeProject } from '../helpers/fakeProjectsApi';

afterEach(cleanup);

const approved = makeProject({
  id: 7,
  name: 'Kitchen',
  currentStage: 'ready',
  thumbnailUrl: '/api/v1/models/abcdefghijklmnopqrstuv/2.webp',
  approval: { name: 'Gina Guest', date: new Date(2026, 0, 3, 14, 5), revisionNumber: 2, quote: null },
});

async function renderCard(card: Project) {
  renderInRouter(() => (
    <ul>
      <ProjectCard project={card} onStageChange={() => {}} onUpdateFile={() => {}} onRename={() => {}} onShare={() => {}} onDelete={() => {}} />
    </ul>
  ));
  await screen.findByText(card.name);
  return screen.getByRole('listitem');
}

/** The stage shown on the card's dropdown button. */
const stageChoice = () => within(screen.getByRole('button', { name: 'Step of Kitchen' })).getByTestId('select-choice');

function expectOneLine(choice: HTMLElement) {
  expect(choice.textContent).toBe('Ready for production');
  expect(choice.className.split(' ')).toContain('truncate');
  expect(choice.className).not.toMatch(/line-clamp/);
  expect(choice.getAttribute('title')).toBe('Ready for production');
}

describe('a project card', () => {
  it('keeps "Ready for production" on one line, before and after its dropdown is mounted', async () => {
    const item = await renderCard(approved);
    expectOneLine(stageChoice());
    fireEvent.pointerEnter(item);
    expect(screen.getByRole('button', { name: 'Step of Kitchen' }).id).toMatch(/headlessui-listbox-button/);
    expectOneLine(stageChoice());
  });

  it('lays out a right-to-left name by its own direction (isolated from the page), so it is cut at its end', async () => {
    await renderCard({ ...approved, name: 'مطبخ الطابق الأول 2' });
    const name = screen.getByRole('heading', { name: 'مطبخ الطابق الأول 2' });
    expect(name.getAttribute('dir')).toBe('auto');
    expect(name.className.split(' ')).toContain('truncate');
  });

  it('shows the Approved mark under the name, not over the poster', async () => {
    const item = await renderCard(approved);
    const mark = screen.getByTestId('approved-mark');
    const poster = item.querySelector('[data-stage]')!;
    expect(poster.querySelector('img')).toBeTruthy();
    expect(poster.contains(mark)).toBe(false);
    // In the card's flow, not laid over its picture.
    expect(mark.className.split(' ')).not.toContain('absolute');
    expect(mark.parentElement).toBe(item);
    const name = screen.getByRole('heading', { name: 'Kitchen' });
    expect(name.compareDocumentPosition(mark) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(mark.compareDocumentPosition(screen.getByRole('button', { name: 'Step of Kitchen' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('an approval given on options', () => {
  const quote = { choices: { fronts: 'white' }, names: [{ group: 'Fronts', choice: 'White lacquer' }, { group: 'Handles', choice: 'Brass' }], total: 12430, currency: 'EUR' };

  it('says the choices and the total under the Approved mark, for the current revision only', async () => {
    const item = await renderCard({ ...approved, revisionNumber: 2, approval: { ...approved.approval!, quote } });
    expect(within(item).getByTestId('approved-quote').textContent).toBe(`Approved: Fronts: White lacquer · Handles: Brass, ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(12430)}`);
    cleanup();
    const older = await renderCard({ ...approved, revisionNumber: 3, approval: { ...approved.approval!, quote } });
    expect(within(older).queryByTestId('approved-quote')).toBeNull();
  });
});
