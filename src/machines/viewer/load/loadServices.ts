/**
 * A viewer's load with its effects bound: the project read, the model loaded on the screen's
 * engine, the distance unit followed, a model an upload made handed over, and the session's user
 * followed. `viewerServices.ts` composes it with the other concepts.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { ViewerServicesDeps } from '../viewerApi';
import type { LoadedProject, LoadTarget, UploadLoadReport, ViewerEvent } from '../viewerMachine';
import { createFollowUnitActor, createLoadModelActor } from './engineActors';
import type { EngineSlot } from './enginePort';

export function createLoadServices({ api, upload, settings, session }: Pick<ViewerServicesDeps, 'api' | 'upload' | 'settings' | 'session'>) {
  const fetchProject = fromPromise<LoadedProject, LoadTarget>(async ({ input }) => {
    if (input.kind === 'owner') return { kind: 'owner', project: await api.getProject(input.id) };
    if (input.kind === 'guest') return { kind: 'guest', project: await api.getSharedProject(input.accessKey) };
    throw new Error('The sandbox has no project to fetch');
  });
  /**
   * The owner's viewer and the upload: updates reach the viewer; the viewer claims the load of a
   * model an upload made, reports it, and releases it when it stops (failed, or left) — a stop and
   * restart at once (React's strict mode) claims it back under the same name.
   */
  const uploadUpdates = fromCallback<UploadLoadReport, { projectId: number }>(({ input, sendBack, receive, self }) => {
    const { projectId } = input;
    const loader = self.sessionId;
    upload.send({ type: 'upload.modelClaimed', projectId, loader });
    const subscription = upload.on('upload.updated', ({ project }) => sendBack({ type: 'viewer.modelUpdated', project, fromUpload: true } satisfies ViewerEvent));
    receive((report) => {
      if (report.type === 'uploadLoad.progress') upload.send({ type: 'upload.modelProgress', projectId, fraction: report.fraction, message: report.message });
      else upload.send({ type: 'upload.modelShown', projectId });
    });
    return () => {
      subscription.unsubscribe();
      upload.send({ type: 'upload.modelReleased', projectId, loader });
    };
  });
  const followUser = fromCallback<ViewerEvent>(({ sendBack }) => {
    let user = session.getSnapshot().context.user;
    const subscription = session.subscribe((snapshot) => {
      if (snapshot.context.user === user) return;
      user = snapshot.context.user;
      sendBack({ type: 'viewer.user', user });
    });
    return () => subscription.unsubscribe();
  });
  return {
    /** The load's actors of one screen, bound to its engine slot. */
    actorsFor(slot: EngineSlot) {
      return { fetchProject, loadModel: createLoadModelActor(slot), followUnit: createFollowUnitActor(slot, settings), uploadUpdates, followUser };
    },
  };
}
