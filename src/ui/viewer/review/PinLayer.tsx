/**
 * The review's pins over the 3D view: a numbered round badge at each pinned note's point, placed
 * where the engine projects it and moved with every change of the picture (camera, canvas size).
 * Open notes are orange, resolved ones green; the open note is ringed. A tap opens the note.
 * A pin whose point is behind the camera or off the canvas is not drawn.
 */
import { useEffect, useState } from 'react';
import type { Vec3 } from '../../../machines/viewer/viewerTypes';
import { useLL } from '../../app/I18nProvider';

export interface PinMark {
  id: number;
  /** The number the notes panel gives the note. */
  number: number;
  point: Vec3;
  status: 'open' | 'resolved';
}

interface PinProjector {
  project(point: Vec3): { x: number; y: number; inView: boolean };
  readonly onViewChange: { subscribe(listener: () => void): () => void };
}

export function PinLayer({ engine, pins, openId, onPin }: { engine: PinProjector; pins: readonly PinMark[]; openId: number | null; onPin(id: number): void }) {
  const LL = useLL();
  const [, setFrame] = useState(0);
  useEffect(() => engine.onViewChange.subscribe(() => setFrame((n) => n + 1)), [engine]);
  return (
    <div aria-label={LL.review.pinsLabel()} role="group" className="pointer-events-none absolute inset-0 overflow-hidden">
      {pins.map((pin) => {
        const at = engine.project(pin.point);
        if (!at.inView) return null;
        return (
          <button
            key={pin.id}
            type="button"
            data-pin={pin.id}
            aria-label={LL.review.pinLabel({ n: pin.number })}
            aria-pressed={openId === pin.id}
            onClick={() => onPin(pin.id)}
            className={`pointer-events-auto absolute grid size-8 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 text-sm font-extrabold shadow-lg shadow-black/40 ${
              pin.status === 'open' ? 'border-white bg-primary text-on-primary' : 'border-white bg-emerald-500 text-black'
            } ${openId === pin.id ? 'ring-4 ring-white/60' : ''}`}
            style={{ left: at.x, top: at.y }}
          >
            {pin.number}
          </button>
        );
      })}
    </div>
  );
}
