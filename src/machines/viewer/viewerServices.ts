/**
 * The viewer machines with their effects bound: the API calls by the composition root, the
 * engine actors by each screen through its engine slot (the engine is created by the canvas).
 */
import { fromPromise } from 'xstate';
import type { Project, ProjectPatch, SharedProject, Stage } from '../../api/schemas';
import type { deleteMachine } from '../projects/deleteMachine';
import type { renameMachine } from '../projects/renameMachine';
import type { shareMachine } from '../projects/shareMachine';
import { createEngineBridgeActor, createLoadModelActor, createNoticeEngineActor } from './engineActors';
import { noticeMachine } from './noticeMachine';
import type { EngineSlot } from './enginePort';
import { ownerProjectMachine } from './ownerProjectMachine';
import { projectLoadMachine, type LoadedProject, type LoadTarget } from './projectLoadMachine';
import { viewerToolsMachine } from './viewerToolsMachine';

/** The calls the viewer makes (the API client satisfies it). */
export interface ViewerApi {
  getProject(id: number): Promise<Project>;
  getSharedProject(accessKey: string): Promise<SharedProject>;
  patchProject(id: number, patch: ProjectPatch): Promise<void>;
  sharedLogoUrl(accessKey: string): string;
}

/** The list's dialog machines, already bound to the API (from createProjectServices). */
export interface ProjectDialogMachines {
  rename: typeof renameMachine;
  delete: typeof deleteMachine;
  share: typeof shareMachine;
}

export interface ViewerServicesDeps {
  api: ViewerApi;
  projectMachines: ProjectDialogMachines;
  /** URL of the bundled sample model shown at /sandbox. */
  sandboxModelUrl: string;
}

export function createViewerServices({ api, projectMachines, sandboxModelUrl }: ViewerServicesDeps) {
  const fetchProject = fromPromise<LoadedProject, LoadTarget>(async ({ input }) => {
    if (input.kind === 'owner') return { kind: 'owner', project: await api.getProject(input.id) };
    if (input.kind === 'guest') return { kind: 'guest', project: await api.getSharedProject(input.accessKey) };
    throw new Error('The sandbox has no project to fetch');
  });
  const owner = ownerProjectMachine.provide({
    actors: {
      ...projectMachines,
      patchStage: fromPromise<Project, { id: number; stage: Stage }>(async ({ input }) => {
        await api.patchProject(input.id, { currentStage: input.stage });
        return api.getProject(input.id);
      }),
    },
  });
  return {
    sandboxModelUrl,
    /** The owner's project actions (project and share panels). */
    owner,
    sharedLogoUrl: (accessKey: string) => api.sharedLogoUrl(accessKey),
    /** The machines of one viewer screen, bound to its engine slot. */
    machinesFor(slot: EngineSlot) {
      return {
        load: projectLoadMachine.provide({ actors: { fetchProject, loadModel: createLoadModelActor(slot) } }),
        tools: viewerToolsMachine.provide({ actors: { engineBridge: createEngineBridgeActor(slot) } }),
        notice: noticeMachine.provide({ actors: { noticeEngine: createNoticeEngineActor(slot) } }),
      };
    },
  };
}

export type ViewerServices = ReturnType<typeof createViewerServices>;
