/** Where "View in your room" leads: Quick Look on iOS Safari, Scene Viewer's intent on Android, nothing on a desktop. */
import { describe, expect, it } from 'vitest';
import { arCabinetOf, arFolderOfModelUrl, arLaunch, arRequestUrl, isArRequested, isHandheld, withoutArRequest } from '../../../src/machines/viewer/tools/arLaunch';

const API = 'https://cv.example.com/api/v1/projects/accessKeys/Abc123';
const PAGE = 'https://cv.example.com/s/Abc123';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const QUEST = 'Mozilla/5.0 (X11; Linux x86_64; Quest 3) AppleWebKit/537.36 (KHTML, like Gecko) OculusBrowser/35.0 Chrome/126.0 VR Safari/537.36';

/** The address a launch opens (Quick Look, Scene Viewer). */
const hrefOf = (launch: ReturnType<typeof arLaunch>) => (launch && 'href' in launch ? launch.href : '');

describe('arLaunch', () => {
  it('opens the USDZ in Quick Look at true size where Safari supports rel="ar"', () => {
    expect(arLaunch({ userAgent: IPHONE, supportsArRel: true }, API, PAGE)).toEqual({ kind: 'quick-look', href: `${API}/ar.usdz#allowsContentScaling=0` });
  });

  it('opens the AR GLB in Scene Viewer, AR only and not resizable, falling back to the page, on Android', () => {
    const launch = arLaunch({ userAgent: PIXEL, supportsArRel: false }, API, PAGE);
    expect(launch?.kind).toBe('scene-viewer');
    const href = hrefOf(launch);
    expect(href.startsWith('intent://arvr.google.com/scene-viewer/1.0?')).toBe(true);
    const [query, intent] = href.slice('intent://arvr.google.com/scene-viewer/1.0?'.length).split('#');
    const params = new URLSearchParams(query);
    expect(params.get('file')).toBe(`${API}/ar.glb`);
    expect(params.get('mode')).toBe('ar_only');
    expect(params.get('resizable')).toBe('false');
    const parts = intent.split(';');
    expect(parts[0]).toBe('Intent');
    expect(parts).toEqual(expect.arrayContaining(['scheme=https', 'package=com.google.ar.core', 'action=android.intent.action.VIEW', 'end', '']));
    expect(decodeURIComponent(parts.find((p: string) => p.startsWith('S.browser_fallback_url='))!.split('=')[1])).toBe(PAGE);
  });

  it('places the AR GLB in the page where the browser offers immersive-ar and the device no AR viewer of its own', () => {
    expect(arLaunch({ userAgent: QUEST, supportsArRel: false, immersiveAr: true }, API, PAGE)).toEqual({ kind: 'webxr', glbUrl: `${API}/ar.glb` });
    expect(arLaunch({ userAgent: QUEST, supportsArRel: false, immersiveAr: true }, API, PAGE, '12')).toEqual({ kind: 'webxr', glbUrl: `${API}/ar/12.glb` });
    // The phone's own viewers stay first: they keep the true scale and place on walls.
    expect(arLaunch({ userAgent: PIXEL, supportsArRel: false, immersiveAr: true }, API, PAGE)?.kind).toBe('scene-viewer');
    expect(arLaunch({ userAgent: IPHONE, supportsArRel: true, immersiveAr: true }, API, PAGE)?.kind).toBe('quick-look');
    expect(arLaunch({ userAgent: QUEST, supportsArRel: false, immersiveAr: false }, API, PAGE)).toBeNull();
  });

  it('offers nothing on a desktop, nor on an iPhone browser without Quick Look', () => {
    expect(arLaunch({ userAgent: DESKTOP, supportsArRel: false }, API, PAGE)).toBeNull();
    expect(arLaunch({ userAgent: IPHONE, supportsArRel: false }, API, PAGE)).toBeNull();
  });

  it('requests AR in the link\'s address, once, without its fragment, and takes the request away again', () => {
    expect(arRequestUrl(`${PAGE}?filter=Base%201#comment`)).toBe(`${PAGE}?filter=Base+1&ar=1`);
    expect(arRequestUrl(`${PAGE}?ar=1`)).toBe(`${PAGE}?ar=1`);
    expect(isArRequested('?filter=x&ar=1')).toBe(true);
    expect(isArRequested('?ar=0')).toBe(false);
    expect(withoutArRequest(`${PAGE}?ar=1`)).toBe(PAGE);
  });

  it('tells phones and tablets, which get no QR code, from desktops', () => {
    expect([IPHONE, PIXEL, DESKTOP].map(isHandheld)).toEqual([true, true, false]);
  });

  it('opens one cabinet\'s files, the node\'s own under ar/', () => {
    expect(hrefOf(arLaunch({ userAgent: IPHONE, supportsArRel: true }, API, PAGE, '12'))).toBe(`${API}/ar/12.usdz#allowsContentScaling=0`);
    const file = new URLSearchParams(hrefOf(arLaunch({ userAgent: PIXEL, supportsArRel: false }, API, PAGE, '12')).split('?')[1].split('#')[0]).get('file');
    expect(file).toBe(`${API}/ar/12.glb`);
    const wall = hrefOf(arLaunch({ userAgent: PIXEL, supportsArRel: false }, API, PAGE, '12', true));
    expect(new URLSearchParams(wall.split('?')[1].split('#')[0]).get('enable_vertical_placement')).toBe('true');
    expect(new URLSearchParams(wall.split('?')[1].split('#')[0]).get('resizable')).toBe('false');
  });

  it('places the selected assembly, or the assembly holding the selected part', () => {
    const node = (id: string, parent: string | null, children: string[] = [], name = `N${id}`) => ({ id, name, rawName: name, children, parent, size: null, additionalInfo: null, isVisible: true });
    const tree = { roots: ['0'], nodes: { '0': node('0', null, ['1', '4']), '1': node('1', '0', ['2']), '2': node('2', '1', ['3']), '3': node('3', '2'), '4': node('4', '0', [], 'Meuble haut 60') } };
    // Job > kitchen '1' > cabinet '2' > side '3'; a wall cabinet '4' with no parts of its own, under the root.
    expect(arCabinetOf(tree, '3')).toEqual({ id: '2', name: 'N2', wall: false });
    expect(arCabinetOf(tree, '2')).toEqual({ id: '2', name: 'N2', wall: false });
    expect(arCabinetOf(tree, '1')).toEqual({ id: '1', name: 'N1', wall: false });
    expect(arCabinetOf(tree, '0')).toEqual({ id: '0', name: 'N0', wall: false });
    expect(arCabinetOf(tree, '4')).toEqual({ id: '4', name: 'Meuble haut 60', wall: true });
    expect(arCabinetOf(tree, null)).toBeNull();
    expect(arCabinetOf(tree, '99')).toBeNull();
  });
});

describe('the owner\'s AR folder', () => {
  it('is the current model URL\'s folder, signature or not; none without a model or for another URL', () => {
    expect(arFolderOfModelUrl('/api/v1/models/Xy12ab34Cd56ef78Gh90ij/3.glb')).toBe('/api/v1/models/Xy12ab34Cd56ef78Gh90ij');
    expect(arFolderOfModelUrl('https://cv.example.com/api/v1/models/Xy12ab34Cd56ef78Gh90ij/12.glb?sig=1.2.3')).toBe('https://cv.example.com/api/v1/models/Xy12ab34Cd56ef78Gh90ij');
    expect(arFolderOfModelUrl('')).toBeNull();
    expect(arFolderOfModelUrl('/api/v1/projects/accessKeys/Abc/models/3.glb')).toBeNull();
    expect(arFolderOfModelUrl('/api/v1/models/Xy12/3.webp')).toBeNull();
    // The AR viewer's files are then under that folder, as a link's are under its API folder.
    expect(hrefOf(arLaunch({ userAgent: IPHONE, supportsArRel: true }, 'https://cv.example.com/api/v1/models/Xy12', PAGE))).toBe('https://cv.example.com/api/v1/models/Xy12/ar.usdz#allowsContentScaling=0');
  });
});
