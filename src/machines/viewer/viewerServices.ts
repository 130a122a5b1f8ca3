/**
 * The viewer machines with their effects bound, one concept at a time (load, tools, notes, owner,
 * review: each folder's `*Services.ts` binds its own machines): the API calls, the app's upload and
 * settings actors and the content machines by the composition root, the engine actors by each
 * screen through its engine slot (the engine is created by the canvas).
 */
import { memoryStorage } from '../storage/persisted';
import type { EngineSlot } from './load/enginePort';
import { createLiveServices } from './live/liveServices';
import { createLoadServices } from './load/loadServices';
import { createOwnerServices } from './owner/ownerServices';
import { createReviewServices } from './review/reviewServices';
import { createToolsServices } from './tools/toolsServices';
import type { ViewerServicesDeps } from './viewerApi';
import { ownerViewerMachine, sharedViewerMachine } from './viewerMachine';

export function createViewerServices({ api, projectMachines, content, upload, settings, session, sandboxModelUrl, storage = memoryStorage() }: ViewerServicesDeps) {
  const load = createLoadServices({ api, upload, settings, session });
  const tools = createToolsServices(api);
  const owner = createOwnerServices(api, projectMachines);
  const review = createReviewServices(api, storage);
  const live = createLiveServices(api);
  return {
    sandboxModelUrl,
    linkEstimate: review.linkEstimate,
    linkOptions: review.linkOptions,
    machining: tools.machining,
    sharedLogoUrl: (accessKey: string) => api.sharedLogoUrl(accessKey),
    /** The viewer machines of one screen (owner, and link or sandbox), bound to its engine slot. */
    machinesFor(slot: EngineSlot) {
      const actors = {
        ...load.actorsFor(slot),
        ...tools.actorsFor(slot),
        comments: content.comments,
        hyperlinks: content.hyperlinks,
        ...owner.actorsFor(slot),
        ...review.actorsFor(slot),
        ...live.actorsFor(slot),
      };
      return { owner: ownerViewerMachine.provide({ actors }), shared: sharedViewerMachine.provide({ actors }) };
    },
  };
}

export type ViewerServices = ReturnType<typeof createViewerServices>;
