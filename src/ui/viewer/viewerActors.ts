/** The viewer actors' types, as views name them. */
import type { revisionsMachine } from '../../machines/viewer/owner/revisionsMachine';
import type { ActorRefFrom } from 'xstate';
import type { ownerProjectMachine } from '../../machines/viewer/owner/ownerProjectMachine';
import type { viewerToolsMachine } from '../../machines/viewer/tools/viewerToolsMachine';

export type { ViewerActor } from '../../machines/viewer/viewerMachine';
export type ToolsActor = ActorRefFrom<typeof viewerToolsMachine>;
export type OwnerActor = ActorRefFrom<typeof ownerProjectMachine>;
export type RevisionsActor = ActorRefFrom<typeof revisionsMachine>;
