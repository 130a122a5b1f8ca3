// @vitest-environment jsdom
/**
 * On touch screens (a coarse primary pointer) the texts say tap, in English and French; the phone's
 * toolbar keeps the owner's way back to the list in the bar, not behind More, and a count behind
 * More sits beside its row's label instead of over its icon.
 */
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ALL_SHARE_OPTIONS } from '../../../src/api/schemas';
import { viewerToolsMachine } from '../../../src/machines/viewer/tools/viewerToolsMachine';
import { AddProjectTile } from '../../../src/ui/list/AddProjectTile';
import { CompactToolbar } from '../../../src/ui/viewer/CompactToolbar';
import { MeasurePanel } from '../../../src/ui/viewer/panels/MeasurePanel';
import { createServices, Providers } from '../../helpers/appHarness';
import { renderWithLocale } from '../../helpers/renderWithLocale';

const realMatchMedia = window.matchMedia;
afterEach(() => {
  cleanup();
  window.matchMedia = realMatchMedia;
});

/** The device's primary pointer: a finger (`pointer: coarse`) or a mouse. */
function primaryPointer(kind: 'finger' | 'mouse') {
  window.matchMedia = ((query: string) => ({
    matches: kind === 'finger' && query === '(pointer: coarse)',
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

const tools = () => createActor(viewerToolsMachine, { input: { permissions: ALL_SHARE_OPTIONS } }).start();

describe('texts on a touch screen', () => {
  it('the measure panel says tap two points with a finger, click with a mouse', () => {
    primaryPointer('finger');
    renderWithLocale(<MeasurePanel tools={tools()} />);
    expect(screen.getByText('Tap two points to measure the distance between them.')).toBeTruthy();
    expect(screen.queryByText(/Click two points/)).toBeNull();
    cleanup();
    renderWithLocale(<MeasurePanel tools={tools()} />, 'fr');
    expect(screen.getByText('Touchez deux points pour mesurer la distance qui les sépare.')).toBeTruthy();
    cleanup();
    primaryPointer('mouse');
    renderWithLocale(<MeasurePanel tools={tools()} />);
    expect(screen.getByText('Click two points to measure the distance between them.')).toBeTruthy();
  });

  it('the add-project tile says tap to choose a file with a finger, click or drop with a mouse', () => {
    primaryPointer('finger');
    renderWithLocale(<AddProjectTile onFile={() => {}} disabled={false} />);
    expect(screen.getByRole('button', { name: /Add/ }).getAttribute('aria-describedby')).toBe('add-project-hint');
    expect(document.getElementById('add-project-hint')!.textContent).toMatch(/^Tap to choose a file/);
    expect(screen.queryByText(/Click to choose/)).toBeNull();
    cleanup();
    renderWithLocale(<AddProjectTile onFile={() => {}} disabled={false} />, 'fr');
    expect(document.getElementById('add-project-hint')!.textContent).toMatch(/^Touchez pour choisir un fichier/);
    cleanup();
    primaryPointer('mouse');
    renderWithLocale(<AddProjectTile onFile={() => {}} disabled={false} />);
    expect(document.getElementById('add-project-hint')!.textContent).toMatch(/^Click to choose a file, or drop it here/);
  });
});

/** The compact toolbar in a router (its way back is a link to /), `width` wide. */
async function renderBar(variant: 'owner' | 'guest', width: number, counts = { comments: 0, hyperlinks: 0 }) {
  const { services } = createServices();
  const actor = tools();
  const root = createRootRoute({
    component: () => (
      <CompactToolbar
        variant={variant}
        tools={actor}
        leftPanel={null}
        onLeftPanel={() => {}}
        commentCount={counts.comments}
        hyperlinkCount={counts.hyperlinks}
        width={width}
      />
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/projects/7'] }) });
  render(
    <Providers services={services}>
      <RouterProvider router={router as never} />
    </Providers>,
  );
  return screen.findByRole('navigation', { name: 'Tools' });
}

describe('the phone toolbar', () => {
  it("shows the owner's way back to the list in the bar, not behind More", async () => {
    const bar = await renderBar('owner', 390);
    const back = within(bar).getByRole('link', { name: 'Back to projects' });
    expect(back.getAttribute('href')).toBe('/');
    // First in the bar, before the tools.
    expect(bar.firstElementChild).toBe(back);
    await act(async () => within(bar).getByRole('button', { name: 'More' }).click());
    const more = screen.getByRole('region', { name: 'More' });
    expect(within(more).queryByRole('link', { name: 'Back to projects' })).toBeNull();
    // The bar still fits a phone: 390 px hold 7 slots of 48 px, the way back, five tools and More.
    expect(within(bar).getAllByRole('button')).toHaveLength(6);
  });

  it('gives a guest no way back, and no More when every tool fits', async () => {
    const bar = await renderBar('guest', 1000);
    expect(within(bar).queryByRole('link')).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('puts a count behind More beside its label, not over its icon; in the bar over the icon', async () => {
    const bar = await renderBar('owner', 390, { comments: 2, hyperlinks: 4 });
    await act(async () => within(bar).getByRole('button', { name: 'More' }).click());
    const row = within(screen.getByRole('region', { name: 'More' })).getByRole('button', { name: /Hyperlinks/ });
    const badge = within(row).getByTestId('count-badge');
    expect(badge.textContent).toBe('4');
    expect(badge.className).not.toMatch(/\babsolute\b/);
    const label = within(row).getByText('Hyperlinks');
    // After the label, in the row itself, not inside the icon's box.
    expect(label.compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(badge.parentElement).toBe(row);
    cleanup();

    const wide = await renderBar('owner', 1000, { comments: 2, hyperlinks: 4 });
    const hyperlinks = within(wide).getByRole('button', { name: 'Hyperlinks' });
    expect(within(hyperlinks).getByTestId('count-badge').className).toMatch(/\babsolute\b/);
  });
});
