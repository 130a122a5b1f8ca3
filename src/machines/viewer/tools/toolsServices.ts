/**
 * The viewer's tools with their effects bound: tool modes and the notice's steps on the screen's
 * engine, and the machining list with its files. `viewerServices.ts` composes it with the other
 * concepts.
 */
import { fromPromise } from 'xstate';
import type { MachiningFile } from '../../../api/client';
import type { MachiningList } from '../../../model/machining/machiningList';
import { createEngineBridgeActor, createNoticeEngineActor } from '../load/engineActors';
import type { EngineSlot } from '../load/enginePort';
import type { ProjectRef, ViewerApi } from '../viewerApi';
import { machiningMachine } from './machiningMachine';
import { noticeMachine } from './noticeMachine';
import { saveBlob } from './saveBlob';
import { viewerToolsMachine } from './viewerToolsMachine';

export function createToolsServices(api: ViewerApi) {
  const machining = machiningMachine.provide({
    actors: {
      loadMachining: fromPromise<MachiningList, { ref: ProjectRef }>(({ input }) => api.getMachining(input.ref)),
      saveMachiningFile: fromPromise<void, { ref: ProjectRef; file: MachiningFile; fileName: string }>(async ({ input }) => {
        saveBlob(input.fileName, await api.machiningFile(input.ref, input.file));
      }),
    },
  });
  return {
    machining,
    /** The tool machines of one screen, bound to its engine slot. */
    actorsFor(slot: EngineSlot) {
      return {
        tools: viewerToolsMachine.provide({ actors: { engineBridge: createEngineBridgeActor(slot) } }),
        notice: noticeMachine.provide({ actors: { noticeEngine: createNoticeEngineActor(slot) } }),
      };
    },
  };
}
