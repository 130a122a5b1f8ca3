/**
 * Where "View in your room" leads (issue 32): the phone's own AR viewer with the link's AR file.
 * iOS Safari (an `<a rel="ar">` it says it supports) opens the USDZ in Quick Look; Android opens
 * the AR GLB in Scene Viewer through an explicit intent to Google Play Services for AR, AR only,
 * at true size, falling back to the link's page when that is missing. Another device whose browser
 * offers WebXR's `immersive-ar` (a headset, another Android browser) places the AR GLB in the page
 * itself (roomArMachine). Nothing elsewhere (desktop): there a QR code opens the link on a phone
 * with AR requested (`?ar=1`), where the page offers AR at once.
 */
import { isWallCabinetName } from '../../../model/parts/partName';
import type { PartTree } from '../viewerTypes';

export interface ArDevice {
  userAgent: string;
  /** `document.createElement('a').relList.supports('ar')`: true in Safari on iOS and iPadOS. */
  supportsArRel: boolean;
  /** `navigator.xr.isSessionSupported('immersive-ar')` answered true. */
  immersiveAr?: boolean;
}

export type ArLaunch = { kind: 'quick-look'; href: string } | { kind: 'scene-viewer'; href: string } | { kind: 'webxr'; glbUrl: string };

/**
 * `linkApiUrl` is the absolute URL of the link's API folder (`.../projects/accessKeys/{key}`),
 * `pageUrl` the link's page.
 */
export function arLaunch(device: ArDevice, linkApiUrl: string, pageUrl: string, node?: string, wall = false): ArLaunch | null {
  // One cabinet's files are `ar/{node}.*`, made by the server on demand.
  const files = node === undefined ? `${linkApiUrl}/ar` : `${linkApiUrl}/ar/${encodeURIComponent(node)}`;
  if (device.supportsArRel) {
    // Quick Look places the model at its true size: no pinch to scale it.
    return { kind: 'quick-look', href: `${files}.usdz#allowsContentScaling=0` };
  }
  if (/\bAndroid\b/i.test(device.userAgent)) {
    const file = encodeURIComponent(`${files}.glb`);
    // A wall cabinet may go on a wall (its USDZ carries Quick Look's own hint).
    const href =
      `intent://arvr.google.com/scene-viewer/1.0?file=${file}&mode=ar_only&resizable=false${wall ? '&enable_vertical_placement=true' : ''}` +
      `#Intent;scheme=https;package=com.google.ar.core;action=android.intent.action.VIEW;` +
      `S.browser_fallback_url=${encodeURIComponent(pageUrl)};end;`;
    return { kind: 'scene-viewer', href };
  }
  if (device.immersiveAr) return { kind: 'webxr', glbUrl: `${files}.glb` };
  return null;
}

/**
 * The owner's AR folder: the current revision's model URL (`.../models/{secret}/{revision}.glb`)
 * without its file, where the server keeps that revision's AR files for the owner's phone (an AR
 * viewer sends no header, and the secret stops at the next revision). Null without a model.
 */
export function arFolderOfModelUrl(modelUrl: string): string | null {
  const match = /^(.*\/models\/[A-Za-z0-9]+)\/\d+\.glb(?:[?#].*)?$/.exec(modelUrl);
  return match ? match[1] : null;
}

/** The query parameter a link's page is opened with to offer AR at once (`?ar=1`, the desktop's QR code). */
const AR_REQUEST = 'ar';

/** The link's page with AR requested, without a fragment: what a desktop's QR code opens on a phone. */
export function arRequestUrl(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.hash = '';
  url.searchParams.set(AR_REQUEST, '1');
  return url.href;
}

/** The page without the AR request: where Scene Viewer falls back to, and what a dismissed prompt leaves. */
export function withoutArRequest(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.searchParams.delete(AR_REQUEST);
  return url.href;
}

export function isArRequested(search: string): boolean {
  return new URLSearchParams(search).get(AR_REQUEST) === '1';
}

/** A phone or tablet (a QR code to scan would be no use there): iOS, iPadOS's mobile agents, Android, and other `Mobile` agents. */
export function isHandheld(userAgent: string): boolean {
  return /\b(iPhone|iPad|iPod|Android|Mobile)\b/i.test(userAgent);
}

export interface ArCabinet {
  id: string;
  name: string;
  /** Its name says it hangs on a wall: Scene Viewer may place it on one. */
  wall: boolean;
}

/**
 * The cabinet "View this cabinet in your room" places for a selected node: the node itself when it
 * is an assembly (a cabinet, or whatever group the user chose in the tree), else the assembly
 * holding the selected part (a picked side panel gives its cabinet); a part directly under a root
 * (a flat model) stands alone.
 */
export function arCabinetOf(tree: PartTree, selectedId: string | null): ArCabinet | null {
  let node = selectedId === null ? undefined : tree.nodes[selectedId];
  if (!node) return null;
  const parent = node.parent === null ? undefined : tree.nodes[node.parent];
  if (node.children.length === 0 && parent && parent.parent !== null) node = parent;
  return { id: node.id, name: node.name, wall: isWallCabinetName(node.name) };
}
