/**
 * "View in your room" on a shared link where the owner offers it (`isArAvailable`) and the device
 * has an AR viewer (src/api/arLaunch.ts): Quick Look's `<a rel="ar">`, which needs an `<img>`
 * child, on iOS; Scene Viewer's intent on Android; nothing on a desktop.
 */
import { arLaunch, type ArDevice } from '../../machines/viewer/arLaunch';
import { useLL } from '../app/I18nProvider';

function thisDevice(): ArDevice {
  let supportsArRel = false;
  try {
    supportsArRel = document.createElement('a').relList.supports('ar');
  } catch {
    // A browser whose anchors list no supported rel tokens throws: no Quick Look there.
  }
  return { userAgent: navigator.userAgent, supportsArRel };
}

export function ViewInRoomLink({ linkApiUrl, posterUrl }: { linkApiUrl: string; posterUrl: string | null }) {
  const LL = useLL();
  const absolute = new URL(linkApiUrl, window.location.href).href;
  const launch = arLaunch(thisDevice(), absolute, window.location.href);
  if (!launch) return null;
  const label = LL.panels.sharedProject.viewInRoom();
  const className = 'flex items-center gap-2 rounded-md bg-primary px-3 py-2 text-sm font-semibold text-on-primary hover:bg-primary-hover';
  return launch.kind === 'quick-look' ? (
    <a rel="ar" href={launch.href} className={className} data-testid="view-in-room">
      {/* Quick Look opens only from an anchor whose first child is an image. */}
      <img src={posterUrl ?? ''} alt="" width={32} height={17} className="rounded-sm" />
      {label}
    </a>
  ) : (
    <a href={launch.href} className={className} data-testid="view-in-room">
      {label}
    </a>
  );
}
