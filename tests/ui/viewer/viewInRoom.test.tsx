// @vitest-environment jsdom
/**
 * "View in your room" in a guest's panel: only where the link offers it; the phone's AR viewer on
 * a phone, a QR code on a desktop that decodes (jsQR, from the drawn modules) to the link with AR
 * requested; a page opened that way on a phone offers AR at once.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_SHARE_OPTIONS } from '../../../src/api/schemas';
import type { ArCabinet } from '../../../src/machines/viewer/tools/arLaunch';
import { ArRequestPrompt } from '../../../src/ui/viewer/ArRequestPrompt';
import { SharedProjectPanel } from '../../../src/ui/viewer/panels/SharedProjectPanel';
import { renderWithServices, SAMPLE_LINK } from '../../helpers/appHarness';
import { decodeQr } from '../../helpers/qrDecode';
import { renderWithLocale } from '../../helpers/renderWithLocale';

beforeEach(() => window.history.replaceState(null, '', '/s/k1'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0.0.0 Safari/537.36';
const API = '/api/v1/projects/accessKeys/k1';

function asDevice(userAgent: string, quickLook: boolean) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(DOMTokenList.prototype, 'supports').mockImplementation((token: string) => quickLook && token === 'ar');
}

const render = (isArAvailable: boolean, arCabinet: ArCabinet | null = null) =>
  renderWithServices(
    <SharedProjectPanel project={{ ...SAMPLE_LINK, thumbnailUrl: '/poster.webp', shareOptions: { ...ALL_SHARE_OPTIONS, isArAvailable } }} accessKey="k1" linkApiUrl={API} arCabinet={arCabinet} />,
  );

describe('View in your room', () => {
  it('is a Quick Look anchor with an image first on iOS Safari', () => {
    asDevice(IPHONE, true);
    render(true);
    const link = screen.getByTestId('view-in-room');
    expect(link.getAttribute('rel')).toBe('ar');
    expect(link.getAttribute('href')).toBe(`${window.location.origin}${API}/ar.usdz#allowsContentScaling=0`);
    expect(link.firstElementChild?.tagName).toBe('IMG');
    expect(link.textContent).toBe('View in your room');
  });

  it('is a Scene Viewer intent on Android, falling back to the page without the AR request', () => {
    window.history.replaceState(null, '', '/s/k1?ar=1');
    asDevice(PIXEL, false);
    render(true);
    const href = screen.getByTestId('view-in-room').getAttribute('href')!;
    expect(href).toMatch(/^intent:\/\/arvr\.google\.com\/scene-viewer\/1\.0\?file=/);
    expect(href).toContain(encodeURIComponent(`${window.location.origin}${API}/ar.glb`));
    expect(href).toContain(`S.browser_fallback_url=${encodeURIComponent(`${window.location.origin}/s/k1`)};`);
  });

  it('shows a QR code on a desktop that decodes to the link with AR requested', async () => {
    window.history.replaceState(null, '', '/s/k1?filter=Base%201#note');
    asDevice(DESKTOP, false);
    render(true);
    const button = screen.getByTestId('view-in-room');
    expect(button.tagName).toBe('BUTTON');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'View in your room' });
    expect(dialog.textContent).toContain('Scan this code with your phone');
    const qr = await screen.findByRole('img', { name: 'QR code of this link, opening in augmented reality' });
    expect(decodeQr(qr as unknown as SVGElement)).toBe(`${window.location.origin}/s/k1?filter=Base+1&ar=1`);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('places the selected part\'s cabinet alone on a phone, from its own files; not on a desktop', () => {
    asDevice(PIXEL, false);
    render(true, { id: '7', name: 'Wall cabinet 2', wall: true });
    const cabinet = screen.getByTestId('view-cabinet-in-room');
    expect(cabinet.textContent).toBe('View this cabinet in your room');
    expect(cabinet.getAttribute('href')).toContain(`file=${encodeURIComponent(`${window.location.origin}${API}/ar/7.glb`)}&`);
    expect(cabinet.getAttribute('href')).toContain('&enable_vertical_placement=true#');
    expect(screen.getByTestId('view-in-room').getAttribute('href')).not.toContain('enable_vertical_placement');
    expect(screen.getByText('Wall cabinet 2')).toBeTruthy();
    cleanup();
    asDevice(IPHONE, true);
    render(true, { id: '7', name: 'Wall cabinet 2', wall: true });
    expect(screen.getByTestId('view-cabinet-in-room').getAttribute('href')).toBe(`${window.location.origin}${API}/ar/7.usdz#allowsContentScaling=0`);
    cleanup();
    asDevice(DESKTOP, false);
    render(true, { id: '7', name: 'Wall cabinet 2', wall: true });
    expect(screen.queryByTestId('view-cabinet-in-room')).toBeNull();
  });

  it('is not there where the link does not offer it', () => {
    for (const [agent, quickLook] of [[IPHONE, true], [PIXEL, false], [DESKTOP, false]] as const) {
      asDevice(agent, quickLook);
      render(false, { id: '7', name: 'Wall cabinet 2', wall: true });
      expect(screen.queryByTestId('view-in-room')).toBeNull();
      expect(screen.queryByTestId('view-cabinet-in-room')).toBeNull();
      cleanup();
      vi.restoreAllMocks();
    }
  });
});

describe('a link opened with AR requested', () => {
  it('offers a big "View in your room" on a phone, and "Not now" drops the request from the address', () => {
    window.history.replaceState(null, '', '/s/k1?ar=1');
    asDevice(PIXEL, false);
    renderWithLocale(<ArRequestPrompt linkApiUrl={API} posterUrl={null} />, 'fr');
    expect(screen.getByRole('dialog', { name: 'Voir dans votre pièce' }).textContent).toContain('taille réelle');
    expect(screen.getByTestId('view-in-room').getAttribute('href')).toMatch(/^intent:\/\/arvr\.google\.com\/scene-viewer\//);
    fireEvent.click(screen.getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('shows nothing on a desktop, nor on a phone without the request', () => {
    window.history.replaceState(null, '', '/s/k1?ar=1');
    asDevice(DESKTOP, false);
    renderWithLocale(<ArRequestPrompt linkApiUrl={API} posterUrl={null} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    window.history.replaceState(null, '', '/s/k1');
    asDevice(IPHONE, true);
    renderWithLocale(<ArRequestPrompt linkApiUrl={API} posterUrl={null} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
