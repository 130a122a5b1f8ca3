/**
 * The 3D canvas: the only view that touches the engine. It imports the engine lazily (so the
 * login and list screens load no Babylon), creates it on its canvas, hands it to the screen's
 * engine slot (where the machine actors reach it), keeps its distance unit and attaches the
 * orientation gizmo canvas.
 */
import { useEffect, useRef, useState } from 'react';
import type { EngineSlot } from '../../machines/viewer/enginePort';
import type { ViewerEngine } from '../../engine/types';
import type { DistanceUnit } from '../../machines/types';

interface CanvasHostProps {
  slot: EngineSlot;
  unit: DistanceUnit;
  /** The small 2D canvas of the orientation gizmo, once mounted. */
  gizmo: HTMLCanvasElement | null;
  label: string;
}

export function CanvasHost({ slot, unit, gizmo, label }: CanvasHostProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [engine, setEngine] = useState<ViewerEngine | null>(null);

  useEffect(() => {
    let disposed = false;
    let created: ViewerEngine | null = null;
    void import('../../engine')
      .then(({ createViewerEngine }) => {
        if (disposed || !canvasRef.current) return;
        created = createViewerEngine(canvasRef.current, { unit });
        slot.set(created);
        setEngine(created);
      })
      .catch((error: unknown) => {
        if (!disposed) slot.fail(error);
      });
    return () => {
      disposed = true;
      slot.set(null);
      created?.dispose();
    };
    // The engine lives as long as the canvas; the unit is applied below.
  }, [slot]);

  useEffect(() => {
    engine?.setUnit(unit);
  }, [engine, unit]);

  useEffect(() => {
    engine?.setOrientationGizmo(gizmo);
    return () => engine?.setOrientationGizmo(null);
  }, [engine, gizmo]);

  return <canvas ref={canvasRef} aria-label={label} data-engine-ready={engine ? 'true' : 'false'} className="block size-full touch-none outline-none" />;
}
