/**
 * Places elements over points of the model (world metres) every animation frame while there are
 * any, so they follow the camera: the dimension labels, the points others made. Returns the ref
 * callback of each element, by key.
 */
import { useEffect, useRef } from 'react';
import type { EnginePort } from '../../machines/viewer/load/enginePort';
import type { Vec3 } from '../../machines/viewer/viewerTypes';

export function usePlacedOnModel(getEngine: () => EnginePort | null, items: ReadonlyArray<{ key: string; at: Vec3 }>, { centred }: { centred: boolean }) {
  const refs = useRef(new Map<string, HTMLElement>());
  const engineOf = useRef(getEngine);
  engineOf.current = getEngine;
  const placement = JSON.stringify(items.map((item) => [item.key, item.at]));

  useEffect(() => {
    if (items.length === 0) return;
    let frame = 0;
    const place = () => {
      const engine = engineOf.current();
      for (const item of items) {
        const element = refs.current.get(item.key);
        if (!element || !engine) continue;
        const p = engine.project(item.at);
        element.style.transform = `translate(${p.x}px, ${p.y}px)${centred ? ' translate(-50%, -50%)' : ''}`;
        element.style.visibility = p.inView ? 'visible' : 'hidden';
      }
      frame = requestAnimationFrame(place);
    };
    place();
    return () => cancelAnimationFrame(frame);
    // Re-placed when the items change; `placement` captures them.
  }, [placement, centred]);

  return (key: string) => (element: HTMLElement | null) => {
    if (element) refs.current.set(key, element);
    else refs.current.delete(key);
  };
}
