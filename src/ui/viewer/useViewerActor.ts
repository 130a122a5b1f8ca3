/**
 * One viewer screen's engine slot and viewer actor, bound through the app's services. The
 * actor's input is read once, when the screen opens: the URL's viewer parameters, the user who
 * writes notes, whether a link's hierarchy may open by itself on this window (never in a frame
 * of another page: an embedded link starts with its panels closed) and the hierarchy search the
 * address carries (the hierarchy opens with it).
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { selectUser } from '../../machines/session/sessionSelectors';
import { awaitsModelOf } from '../../machines/upload/uploadMachine';
import { createEngineSlot } from '../../machines/viewer/load/enginePort';
import { parseViewerParams } from '../../machines/viewer/load/filterParams';
import { searchTextFromHash } from '../../machines/viewer/tools/hierarchySearch';
import type { LoadTarget, ViewerInput } from '../../machines/viewer/viewerMachine';
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { hierarchyOpensByItself, isEmbedded, windowSize } from './useWindowWidth';

/** The viewer opens on the project an upload just made: loading its model is the upload's last step. */
function isJustUploaded(upload: Parameters<typeof awaitsModelOf>[0], target: LoadTarget): boolean {
  return target.kind === 'owner' && awaitsModelOf(upload, target.id);
}

export function useViewerActor(target: LoadTarget, options: { returnToList?: () => void } = {}) {
  const { viewer, session, projects } = useAppServices();
  const [slot] = useState(createEngineSlot);
  const [machine] = useState(() => {
    const machines = viewer.machinesFor(slot);
    if (target.kind !== 'owner') return machines.shared;
    return options.returnToList ? machines.owner.provide({ actions: { returnToList: options.returnToList } }) : machines.owner;
  });
  const LL = useLL();
  const [input] = useState((): ViewerInput => {
    const user = selectUser(session.getSnapshot());
    const guestName = LL.common.guest();
    return {
      target,
      params: parseViewerParams(window.location.search),
      author: { name: user.isLoggedIn ? user.fullName : guestName, avatarUrl: user.avatarUrl },
      guestName,
      hierarchyOpensByItself: hierarchyOpensByItself(windowSize().width, windowSize().height, isEmbedded(window)),
      searchText: searchTextFromHash(window.location.hash),
      afterUpload: isJustUploaded(projects.upload.getSnapshot(), target),
    };
  });
  const actor = useActorRef(machine, { input });
  return { slot, viewer: actor };
}
