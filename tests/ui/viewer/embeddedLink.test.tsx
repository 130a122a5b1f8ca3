// @vitest-environment jsdom
/**
 * A link embedded in another site's page (a frame of 800 x 600, as the share panel's snippet makes
 * it) starts compact: the hierarchy the link allows stays closed, so nothing lies over the model,
 * its logo or its approval. The same link opened on its own in a window that size opens the
 * hierarchy by itself (SPEC §4, §9).
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_SHARE_OPTIONS, type SharedProject } from '../../../src/api/schemas';
import { createAppRouter } from '../../../src/ui/router';
import { hierarchyOpensByItself, isEmbedded } from '../../../src/ui/viewer/useWindowWidth';
import { createServices, Providers, SAMPLE_LINK } from '../../helpers/appHarness';

// The layout as it starts, while the engine is still on its way (as on a slow line): jsdom has no
// WebGL, and an engine that came would fail and cover the page with its error, sooner or later
// depending on how busy the machine is.
vi.mock('../../../src/engine', () => new Promise(() => {}));

const link: SharedProject = { ...SAMPLE_LINK, shareOptions: { ...ALL_SHARE_OPTIONS, isApprovalAvailable: true } };

const realSize = { width: window.innerWidth, height: window.innerHeight };
const realTop = Object.getOwnPropertyDescriptor(window, 'top')!;

function windowOf(width: number, height: number, framed: boolean) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
  // As a browser does when the window changes size: the viewer reads the size again then.
  window.dispatchEvent(new Event('resize'));
  // In a frame, the top window is the other site's page.
  if (framed) Object.defineProperty(window, 'top', { value: {} as Window, configurable: true });
}

beforeEach(() => Object.defineProperty(window, 'top', realTop));
afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'top', realTop);
  Object.defineProperty(window, 'innerWidth', { value: realSize.width, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: realSize.height, configurable: true });
  // As a browser does when the window changes size: the viewer reads the size again then.
  window.dispatchEvent(new Event('resize'));
});

/** The app at /s/k1, whose link is `link`. */
function openLink() {
  const { services } = createServices({ sharedProject: link });
  const router = createAppRouter(services, createMemoryHistory({ initialEntries: ['/s/k1'] }));
  render(
    <Providers services={services}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('an embedded link', () => {
  it('tells a frame from a window of its own', () => {
    const page = {} as Window;
    expect(isEmbedded({ self: page, top: page } as unknown as Window)).toBe(false);
    expect(isEmbedded({ self: page, top: {} } as unknown as Window)).toBe(true);
    expect(isEmbedded(window)).toBe(false);
    expect(hierarchyOpensByItself(800, 600)).toBe(true);
    expect(hierarchyOpensByItself(800, 600, true)).toBe(false);
  });

  it('opens on its own at 800 x 600 with the hierarchy open by itself', async () => {
    windowOf(800, 600, false);
    openLink();
    expect(await screen.findByRole('region', { name: 'Hierarchy' })).toBeTruthy();
  });

  it('starts in a frame of 800 x 600 with no panel open: the logo and the Approve button stay clear', async () => {
    windowOf(800, 600, true);
    openLink();
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Project logo' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Hierarchy' })).toBeNull();
    // The hierarchy is still there, one press away.
    expect(screen.getByRole('button', { name: 'Hierarchy' }).getAttribute('aria-pressed')).toBe('false');
  });
});
