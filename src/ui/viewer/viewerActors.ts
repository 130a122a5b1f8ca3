/** The viewer actors' types, as views name them. */
import type { ActorRefFrom } from 'xstate';
import type { ownerProjectMachine } from '../../machines/viewer/ownerProjectMachine';
import type { projectLoadMachine } from '../../machines/viewer/projectLoadMachine';
import type { viewerToolsMachine } from '../../machines/viewer/viewerToolsMachine';

export type ToolsActor = ActorRefFrom<typeof viewerToolsMachine>;
export type LoadActor = ActorRefFrom<typeof projectLoadMachine>;
export type OwnerActor = ActorRefFrom<typeof ownerProjectMachine>;
