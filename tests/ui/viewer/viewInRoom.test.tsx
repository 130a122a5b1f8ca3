// @vitest-environment jsdom
/** "View in your room" in a guest's panel: only where the link offers it and the device has an AR viewer. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_SHARE_OPTIONS } from '../../../src/api/schemas';
import { SharedProjectPanel } from '../../../src/ui/viewer/panels/SharedProjectPanel';
import { renderWithServices, SAMPLE_LINK } from '../../helpers/appHarness';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

function asDevice(userAgent: string, quickLook: boolean) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(DOMTokenList.prototype, 'supports').mockImplementation((token: string) => quickLook && token === 'ar');
}

const render = (isArAvailable: boolean) =>
  renderWithServices(<SharedProjectPanel project={{ ...SAMPLE_LINK, thumbnailUrl: '/poster.webp', shareOptions: { ...ALL_SHARE_OPTIONS, isArAvailable } }} accessKey="k1" linkApiUrl="/api/v1/projects/accessKeys/k1" />);

describe('View in your room', () => {
  it('is a Quick Look anchor with an image first on iOS Safari', () => {
    asDevice(IPHONE, true);
    render(true);
    const link = screen.getByTestId('view-in-room');
    expect(link.getAttribute('rel')).toBe('ar');
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/api/v1/projects/accessKeys/k1/ar.usdz#allowsContentScaling=0`);
    expect(link.firstElementChild?.tagName).toBe('IMG');
    expect(link.textContent).toBe('View in your room');
  });

  it('is a Scene Viewer intent on Android', () => {
    asDevice(PIXEL, false);
    render(true);
    const href = screen.getByTestId('view-in-room').getAttribute('href')!;
    expect(href).toMatch(/^intent:\/\/arvr\.google\.com\/scene-viewer\/1\.0\?file=/);
    expect(href).toContain(encodeURIComponent(`${window.location.origin}/api/v1/projects/accessKeys/k1/ar.glb`));
  });

  it('is not there on a desktop, nor where the link does not offer it', () => {
    asDevice('Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0.0.0 Safari/537.36', false);
    render(true);
    expect(screen.queryByTestId('view-in-room')).toBeNull();
    cleanup();
    asDevice(IPHONE, true);
    render(false);
    expect(screen.queryByTestId('view-in-room')).toBeNull();
  });
});
