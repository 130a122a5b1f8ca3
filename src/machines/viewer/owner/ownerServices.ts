/**
 * The owner's side of the viewer with its effects bound: the project's header (stage, rename,
 * share, delete, export) and its revisions with the comparison. `viewerServices.ts` composes it
 * with the other concepts.
 */
import { fromPromise } from 'xstate';
import type { Project, Revision, RevisionChanges, Stage } from '../../../api/schemas';
import type { EngineSlot } from '../load/enginePort';
import { saveBlob } from '../tools/saveBlob';
import type { ProjectDialogMachines, ViewerApi } from '../viewerApi';
import { createCompareEngineActor } from './compareEngine';
import { ownerProjectMachine } from './ownerProjectMachine';
import { revisionsMachine } from './revisionsMachine';

export function createOwnerServices(api: ViewerApi, projectMachines: ProjectDialogMachines) {
  const owner = ownerProjectMachine.provide({
    actors: {
      ...projectMachines,
      patchStage: fromPromise<Project, { id: number; stage: Stage }>(async ({ input }) => {
        await api.patchProject(input.id, { currentStage: input.stage });
        return api.getProject(input.id);
      }),
      exportVok: fromPromise<void, { id: number; name: string }>(async ({ input }) => {
        saveBlob(`${input.name}.vok`, await api.exportVok(input.id));
      }),
    },
  });
  const revisionCalls = {
    listRevisions: fromPromise<Revision[], { projectId: number }>(({ input }) => api.listRevisions(input.projectId)),
    readChanges: fromPromise<RevisionChanges, { projectId: number; from: number; to: number }>(({ input }) => api.revisionChanges(input.projectId, input.from, input.to)),
    restoreRevision: fromPromise<Project, { projectId: number; revisionNumber: number; consumeCredit: boolean; keepApproval: boolean }>(({ input }) =>
      api.restoreRevision(input.projectId, input.revisionNumber, input.consumeCredit, input.keepApproval),
    ),
  };
  return {
    /** The owner machines of one screen, bound to its engine slot. */
    actorsFor(slot: EngineSlot) {
      return { owner, revisions: revisionsMachine.provide({ actors: { ...revisionCalls, compareEngine: createCompareEngineActor(slot) } }) };
    },
  };
}
