// @vitest-environment jsdom
/**
 * On a phone (390 x 844) the hierarchy, comments and revisions open as sheets that take half the
 * height at most, their content scrolling inside, and the model is framed again in the free part
 * above them: the frame insets the engine is given leave the model the rest of the screen; a sheet
 * closed gives it back. The More menu's sheet takes only what its rows need.
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import type { EngineCommand } from '../../../src/machines/viewer/tools/viewerToolsMachine';
import { viewerToolsMachine } from '../../../src/machines/viewer/tools/viewerToolsMachine';
import type { ModelLoadEvent } from '../../../src/machines/viewer/load/viewerLoad';
import type { RenderMode } from '../../../src/machines/viewer/viewerTypes';
import { createAppRouter } from '../../../src/ui/router';
import { frameInsetsOf, isCompactLayout } from '../../../src/model/layoutRules';
import { createServices, Providers, SAMPLE_LINK } from '../../helpers/appHarness';

const PHONE = { width: 390, height: 844 };
/** The compact bar's height (56 px) and the top controls' (64 px), as the viewer draws them. */
const BAR = 56;
const TOP = 64;


const realSize = { width: window.innerWidth, height: window.innerHeight };
afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'innerWidth', { value: realSize.width, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: realSize.height, configurable: true });
  // As a browser does when the window changes size: the viewer reads the size again then.
  window.dispatchEvent(new Event('resize'));
});

/** The link at /s/k1 on a phone, with the frame insets the engine is given recorded. */
function openLinkOnPhone() {
  Object.defineProperty(window, 'innerWidth', { value: PHONE.width, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: PHONE.height, configurable: true });
  // As a browser does when the window changes size: the viewer reads the size again then.
  window.dispatchEvent(new Event('resize'));
  const insets: Array<{ top: number; right: number; bottom: number; left: number }> = [];
  const { services } = createServices({ sharedProject: SAMPLE_LINK });
  const viewer = services.viewer;
  const engineBridge = fromCallback<EngineCommand, { renderMode: RenderMode }>(({ receive }) => {
    receive((command) => {
      if (command.type === 'frameInsets') insets.push(command.insets);
    });
    return () => {};
  });
  const tools = viewerToolsMachine.provide({ actors: { engineBridge } });
  // jsdom draws no 3D: the model stays on its way (a failed engine would end the screen in its error dialog).
  const loadModel = fromCallback<ModelLoadEvent, { modelUrl: string }>(() => () => {});
  services.viewer = {
    ...viewer,
    machinesFor: (slot) => {
      const machines = viewer.machinesFor(slot);
      return { owner: machines.owner.provide({ actors: { tools, loadModel } }), shared: machines.shared.provide({ actors: { tools, loadModel } }) };
    },
  };
  const router = createAppRouter(services, createMemoryHistory({ initialEntries: ['/s/k1'] }));
  render(
    <Providers services={services}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { insets };
}

/** The height a sheet's style gives it, in CSS pixels of this window (`dvh` is the window's height here). */
function styledHeight(element: HTMLElement, property: 'height' | 'maxHeight'): number {
  const value = element.style[property];
  const match = /^([\d.]+)dvh$/.exec(value);
  if (!match) throw new Error(`${property} is "${value}", not a share of the viewport`);
  return (Number(match[1]) / 100) * PHONE.height;
}

describe('the compact layout\'s sheets', () => {
  it('frame the model above an open sheet: a phone gives a sheet half the height and the model the rest', () => {
    expect(isCompactLayout(PHONE.width, PHONE.height)).toBe(true);
    const closed = frameInsetsOf(true, false, PHONE.height);
    const open = frameInsetsOf(true, false, PHONE.height, true);
    expect(open.top).toBe(closed.top);
    // Below the model: the bar and a sheet of half the height.
    expect(open.bottom).toBeGreaterThanOrEqual(BAR + PHONE.height / 2);
    const free = PHONE.height - open.top - open.bottom;
    expect(free).toBeGreaterThanOrEqual(PHONE.height / 4);
    // With the data sheet across the top as well, the model still has a band of its own.
    const both = frameInsetsOf(true, true, PHONE.height, true);
    expect(PHONE.height - both.top - both.bottom).toBeGreaterThanOrEqual(100);
    // The desktop and the link's first frame keep their insets (no sheet there).
    expect(frameInsetsOf(false, false, 800, true)).toEqual(frameInsetsOf(false, false, 800));
  });

  it('frame a part above a taller stack of controls at the bottom (a link\'s open list of changes), and only while it is taller', () => {
    for (const [compact, height] of [[true, PHONE.height], [false, 800]] as const) {
      const plain = frameInsetsOf(compact, false, height);
      // A stack lower than the fixed insets changes nothing: the opening view keeps its frame.
      expect(frameInsetsOf(compact, false, height, false, plain.bottom - 20)).toEqual(plain);
      const covered = frameInsetsOf(compact, false, height, false, 420);
      expect(covered.bottom).toBeGreaterThan(420);
      expect(covered.bottom).toBeLessThanOrEqual(440);
      expect({ ...covered, bottom: plain.bottom }).toEqual(plain);
    }
  });

  it.each(['Hierarchy', 'Comments', 'Hyperlinks'])('the %s sheet takes half the height at most and sends the model above it', async (name) => {
    const { insets } = openLinkOnPhone();
    const user = userEvent.setup({ delay: null });
    const bar = await screen.findByRole('navigation', { name: 'Tools' });
    await waitFor(() => expect(insets.at(-1)).toBeDefined());
    expect(insets.at(-1)!.bottom).toBeLessThan(PHONE.height / 4);
    {
      // Behind More when the bar has no slot left for it.
      if (!within(bar).queryByRole('button', { name })) await user.click(within(bar).getByRole('button', { name: 'More' }));
      const opener = within(bar).queryByRole('button', { name }) ?? within(await screen.findByRole('region', { name: 'More' })).getByRole('button', { name: new RegExp(`^${name}`) });
      await user.click(opener);
      // The panel's own list may be a region of the same name inside the sheet: the sheet is the outer one.
      const [sheet] = await screen.findAllByRole('region', { name });
      const height = styledHeight(sheet, 'height');
      expect(height).toBeLessThanOrEqual(PHONE.height / 2);
      // Its content scrolls inside it.
      expect(sheet.lastElementChild!.className).toContain('overflow-y-auto');
      // The model is framed in what the sheet and the bar leave, under the top controls.
      await waitFor(() => expect(insets.at(-1)!.bottom).toBeGreaterThanOrEqual(BAR + height));
      const { top, bottom } = insets.at(-1)!;
      expect(top).toBeGreaterThanOrEqual(TOP);
      expect(PHONE.height - top - bottom).toBeGreaterThanOrEqual(PHONE.height / 4);
      await user.click(within(sheet).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryAllByRole('region', { name })).toEqual([]));
      // Closed: the model has the screen again.
      await waitFor(() => expect(insets.at(-1)!.bottom).toBeLessThan(PHONE.height / 4));
    }
  });

  it('the More menu\'s sheet takes only what its rows need, up to half, and does not move the model', async () => {
    const { insets } = openLinkOnPhone();
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(insets.at(-1)).toBeDefined());
    const bar = await screen.findByRole('navigation', { name: 'Tools' });
    const before = insets.at(-1);
    // A phone's bar has more tools than slots: the rest is behind More.
    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const sheet = await screen.findByRole('region', { name: 'More' });
    expect(sheet.style.height).toBe('');
    expect(styledHeight(sheet, 'maxHeight')).toBeLessThanOrEqual(PHONE.height / 2);
    expect(insets.at(-1)).toEqual(before);
  });
});
