/** One viewer screen's engine slot and project load actor, bound through the app's services. */
import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { createEngineSlot } from '../../machines/viewer/enginePort';
import type { LoadTarget } from '../../machines/viewer/projectLoadMachine';
import { useAppServices } from '../app/AppServices';

export function useViewerActors(target: LoadTarget) {
  const { viewer } = useAppServices();
  const [slot] = useState(createEngineSlot);
  const machines = useMemo(() => viewer.machinesFor(slot), [viewer, slot]);
  const load = useActorRef(machines.load, { input: { target } });
  return { slot, machines, load };
}
