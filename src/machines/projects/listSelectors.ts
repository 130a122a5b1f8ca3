/** What the list screen reads from the list actor's snapshot. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { deleteMachine } from './deleteMachine';
import type { projectListMachine } from './projectListMachine';
import { visibleProjects } from './projectQuery';
import type { renameMachine } from './renameMachine';
import type { shareMachine } from './shareMachine';

type ListSnapshot = SnapshotFrom<typeof projectListMachine>;

export type ListStatus = 'loading' | 'failed' | 'empty' | 'noMatch' | 'ready';

export function selectListStatus(s: ListSnapshot): ListStatus {
  if (s.matches({ data: 'loading' })) return 'loading';
  if (s.matches({ data: 'failed' })) return 'failed';
  if (s.context.projects.length === 0) return 'empty';
  return selectShownProjects(s).length === 0 ? 'noMatch' : 'ready';
}

/** The cards the grid shows, in order (search, step filter, sort; changed cards stay in place). */
export const selectShownProjects = (s: ListSnapshot) => visibleProjects(s.context.projects, s.context.query, s.context.listed);

export const selectQuery = (s: ListSnapshot) => s.context.query;
export const selectNotice = (s: ListSnapshot) => s.context.notice;
export const selectProjects = (s: ListSnapshot) => s.context.projects;

export type ListDialog =
  | { kind: 'rename'; actor: ActorRefFrom<typeof renameMachine> }
  | { kind: 'delete'; actor: ActorRefFrom<typeof deleteMachine> }
  | { kind: 'share'; actor: ActorRefFrom<typeof shareMachine> };

/** The open dialog's child actor, by kind (the invoke ids are rename, delete and share). */
export function selectDialog(s: ListSnapshot): ListDialog | null {
  const children = s.children as Record<string, unknown>;
  if (s.matches({ dialog: 'renaming' }) && children.rename) return { kind: 'rename', actor: children.rename as ActorRefFrom<typeof renameMachine> };
  if (s.matches({ dialog: 'deleting' }) && children.delete) return { kind: 'delete', actor: children.delete as ActorRefFrom<typeof deleteMachine> };
  if (s.matches({ dialog: 'sharing' }) && children.share) return { kind: 'share', actor: children.share as ActorRefFrom<typeof shareMachine> };
  return null;
}
