/**
 * The `filter`, `noMoveCamera` and `noFlash` query parameters of a viewer (SPEC §2): once the
 * model is loaded, the named parts become steps of the notice machine (one step isolates, several
 * start notice mode with the step navigator). `endFilter` (a click in the tree) strips `filter`
 * from the URL and shows every part again.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseViewerParams, resolveSteps, stripFilter } from '../../machines/viewer/filterParams';
import type { noticeMachine } from '../../machines/viewer/noticeMachine';
import { selectModel } from '../../machines/viewer/viewerSelectors';
import { StepNavigator } from './StepNavigator';
import type { LoadActor } from './viewerActors';

export function useFilterSteps(machine: typeof noticeMachine, load: LoadActor) {
  const [params] = useState(() => parseViewerParams(window.location.search));
  const notice = useActorRef(machine, { input: { steps: [], moveCamera: !params.noMoveCamera, flash: !params.noFlash } });
  const model = useSelector(load, selectModel);
  const started = useRef(false);

  useEffect(() => {
    if (!model || started.current || params.mode === 'none') return;
    started.current = true;
    const steps = resolveSteps(model.tree, params.steps);
    // Names that match no part at all would hide the whole model: show it as it is instead.
    if (steps.every((ids) => ids.length === 0)) return;
    notice.send({ type: 'notice.load', steps });
    notice.send({ type: 'notice.start' });
  }, [model, notice, params]);

  const endFilter = useCallback(() => {
    const { pathname, search, hash } = window.location;
    if (new URLSearchParams(search).has('filter')) {
      window.history.replaceState(window.history.state, '', `${pathname}${stripFilter(search)}${hash}`);
    }
    notice.send({ type: 'notice.stop' });
  }, [notice]);

  return { notice, endFilter, stepNavigator: <StepNavigator actor={notice} /> };
}
