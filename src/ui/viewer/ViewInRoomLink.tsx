/**
 * "View in your room" on a shared link where the owner offers it (`isArAvailable`): where the
 * device has an AR viewer (src/machines/viewer/tools/arLaunch.ts), Quick Look's `<a rel="ar">`, which
 * needs an `<img>` child, on iOS, Scene Viewer's intent on Android, the page's own WebXR AR where
 * the browser offers immersive-ar (RoomArButton; nothing on another phone); on
 * a desktop, a button that shows a QR code opening the link on a phone with AR requested (its
 * dialog loads on demand, with the QR encoder). On a phone, with a part selected, a second link
 * places its cabinet alone (the server makes those files on demand).
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { arCabinetOf, arLaunch, arRequestUrl, isHandheld, withoutArRequest, type ArCabinet, type ArDevice, type ArLaunch } from '../../machines/viewer/tools/arLaunch';
import { selectModel, selectSelectedId } from '../../machines/viewer/viewerSelectors';
import { useLL } from '../app/I18nProvider';
import { RoomArButton } from './RoomArButton';
import type { ToolsActor, ViewerActor } from './viewerActors';

const ArQrDialog = lazy(() => import('./ArQrDialog').then((m) => ({ default: m.ArQrDialog })));

function thisDevice(): ArDevice {
  let supportsArRel = false;
  try {
    supportsArRel = document.createElement('a').relList.supports('ar');
  } catch {
    // A browser whose anchors list no supported rel tokens throws: no Quick Look there.
  }
  return { userAgent: navigator.userAgent, supportsArRel };
}

/** The cabinet of the part selected in the viewer, which a phone can place alone (null without a model or a selection). */
export function useArCabinet(viewer: ViewerActor, tools: ToolsActor): ArCabinet | null {
  const selectedId = useSelector(tools, selectSelectedId);
  const tree = useSelector(viewer, (s) => selectModel(s)?.tree);
  return useMemo(() => (tree ? arCabinetOf(tree, selectedId) : null), [tree, selectedId]);
}

/** Whether the browser can start WebXR's immersive-ar, asked once per page (false until it answers). */
let immersiveArAnswer: Promise<boolean> | null = null;
function useImmersiveAr(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    const xr = (navigator as Navigator & { xr?: { isSessionSupported(mode: string): Promise<boolean> } }).xr;
    if (!xr) return;
    let live = true;
    immersiveArAnswer ??= xr.isSessionSupported('immersive-ar').catch(() => false);
    void immersiveArAnswer.then((answer) => live && setSupported(answer));
    return () => {
      live = false;
    };
  }, []);
  return supported;
}

/** Where this device's AR viewer opens the files of `linkApiUrl` (the link's API folder), or null on a desktop. */
export function useArLaunch(linkApiUrl: string, cabinet?: ArCabinet): ArLaunch | null {
  const immersiveAr = useImmersiveAr();
  const absolute = new URL(linkApiUrl, window.location.href).href;
  return arLaunch({ ...thisDevice(), immersiveAr }, absolute, withoutArRequest(window.location.href), cabinet?.id, cabinet?.wall);
}

export const arButtonClass = 'flex items-center gap-2 rounded-md bg-primary px-3 py-2 text-sm font-semibold text-on-primary hover:bg-primary-hover';

/** The anchor that opens the phone's AR viewer (Quick Look's wants an image as its first child), or the in-page AR button. */
export function ArLaunchAnchor({ launch, posterUrl, label, className = arButtonClass, testId = 'view-in-room' }: { launch: ArLaunch; posterUrl: string | null; label: string; className?: string; testId?: string }) {
  if (launch.kind === 'webxr') return <RoomArButton glbUrl={launch.glbUrl} label={label} className={className} testId={testId} />;
  return launch.kind === 'quick-look' ? (
    <a rel="ar" href={launch.href} className={className} data-testid={testId}>
      {/* Quick Look opens only from an anchor whose first child is an image. */}
      <img src={posterUrl ?? ''} alt="" width={32} height={17} className="rounded-sm" />
      {label}
    </a>
  ) : (
    <a href={launch.href} className={className} data-testid={testId}>
      {label}
    </a>
  );
}

/** "View this cabinet in your room": the selected node's cabinet alone (phones only). */
function CabinetLink({ linkApiUrl, cabinet, className }: { linkApiUrl: string; cabinet: ArCabinet; className: string }) {
  const LL = useLL();
  const launch = useArLaunch(linkApiUrl, cabinet);
  if (!launch) return null;
  return (
    <div className="flex flex-col gap-1">
      {/* Quick Look needs an image first: a blank one, the cabinet has no poster of its own. */}
      <ArLaunchAnchor launch={launch} posterUrl={null} label={LL.panels.sharedProject.viewInRoomCabinet()} className={className} testId="view-cabinet-in-room" />
      <p className="text-xs text-fg-muted">{cabinet.name}</p>
    </div>
  );
}

interface ViewInRoomLinkProps {
  linkApiUrl: string;
  posterUrl: string | null;
  cabinet?: ArCabinet | null;
  /** The look of the button (the link's big one by default; the owner's panel lists it among its links). */
  className?: string;
}

export function ViewInRoomLink({ linkApiUrl, posterUrl, cabinet = null, className = arButtonClass }: ViewInRoomLinkProps) {
  const LL = useLL();
  const launch = useArLaunch(linkApiUrl);
  const [qrOpen, setQrOpen] = useState(false);
  const label = LL.panels.sharedProject.viewInRoom();
  if (launch) {
    return (
      <div className="flex flex-col gap-2">
        <ArLaunchAnchor launch={launch} posterUrl={posterUrl} label={label} className={className} />
        {cabinet ? <CabinetLink linkApiUrl={linkApiUrl} cabinet={cabinet} className={className} /> : null}
      </div>
    );
  }
  // A phone without an AR viewer (an app's own browser on iOS): nothing to offer.
  if (isHandheld(navigator.userAgent)) return null;
  return (
    <>
      <button type="button" className={className} onClick={() => setQrOpen(true)} data-testid="view-in-room">
        {label}
      </button>
      {qrOpen ? (
        <Suspense fallback={null}>
          <ArQrDialog url={arRequestUrl(window.location.href)} onClose={() => setQrOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
