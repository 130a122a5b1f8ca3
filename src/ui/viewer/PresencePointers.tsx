/**
 * The points others made on the model (issue 52): a marker with the name of who pointed, placed
 * every animation frame while there are any, so they follow the camera (usePlacedOnModel).
 */
import { useSelector } from '@xstate/react';
import type { EngineSlot } from '../../machines/viewer/load/enginePort';
import { selectPresenceChild } from '../../machines/viewer/viewerSelectors';
import type { presenceMachine } from '../../machines/viewer/live/presenceMachine';
import type { ActorRefFrom } from 'xstate';
import { useI18nContext } from '../../i18n/i18n-react';
import { useViewerName } from './PresenceBar';
import { usePlacedOnModel } from './usePlacedOnModel';
import type { ViewerActor } from './viewerActors';

export function PresencePointers({ viewer, slot }: { viewer: ViewerActor; slot: EngineSlot }) {
  const presence = useSelector(viewer, selectPresenceChild);
  return presence ? <Pointers presence={presence} slot={slot} /> : null;
}

function Pointers({ presence, slot }: { presence: ActorRefFrom<typeof presenceMachine>; slot: EngineSlot }) {
  const { LL } = useI18nContext();
  const nameOf = useViewerName();
  const points = useSelector(presence, (s) => s.context.points);
  const viewers = useSelector(presence, (s) => s.context.viewers);
  const refOf = usePlacedOnModel(() => slot.get(), points.map((point) => ({ key: String(point.serial), at: point.at })), { centred: false });

  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden" data-testid="presence-pointers">
      {points.map((point) => (
        <div
          key={point.serial}
          ref={refOf(String(point.serial))}
          role="img"
          aria-label={LL.presence.pointOf({ name: nameOf(viewers.find((v) => v.id === point.from)) })}
          className="absolute top-0 left-0"
          style={{ visibility: 'hidden' }}
        >
          <span className="absolute -top-2 -left-2 h-4 w-4 animate-ping rounded-full bg-primary/70" />
          <span className="absolute -top-1.5 -left-1.5 h-3 w-3 rounded-full border-2 border-white bg-primary" />
          <span dir="auto" className="absolute top-2 left-2 rounded-md bg-surface-raised/95 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-fg shadow">
            {nameOf(viewers.find((v) => v.id === point.from))}
          </span>
        </div>
      ))}
    </div>
  );
}
