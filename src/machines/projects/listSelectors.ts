/** What the list screen reads from the list actor's snapshot. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { deleteMachine } from './deleteMachine';
import { matchingCount } from './listPages';
import type { projectListMachine } from './projectListMachine';
import { visibleProjects } from './projectQuery';
import type { renameMachine } from './renameMachine';
import type { shareMachine } from './shareMachine';

type ListSnapshot = SnapshotFrom<typeof projectListMachine>;

export type ListStatus = 'loading' | 'failed' | 'empty' | 'noMatch' | 'ready';

/**
 * What the list area says: loading until there is a card to show (a new search or filter narrows
 * the cards read at once, and waits for its own first page before saying nothing matches), failed
 * on a first page that did not come, empty when the owner has no project at all.
 */
export function selectListStatus(s: ListSnapshot): ListStatus {
  if (s.matches({ data: 'failed' })) return 'failed';
  const waiting = s.matches({ data: 'loading' }) || s.matches({ data: 'searching' });
  if (waiting && s.context.all === null) return 'loading';
  if (s.context.all === 0 && s.context.projects.length === 0) return 'empty';
  if (selectShownProjects(s).length > 0) return 'ready';
  if (waiting) return 'loading';
  return s.matches({ data: 'complete' }) ? 'noMatch' : 'ready';
}

/** The cards the grid shows, in order (search, step filter, sort; changed cards stay in place). */
export const selectShownProjects = (s: ListSnapshot) => visibleProjects(s.context.projects, s.context.query, s.context.listed);

/**
 * The counts beside the title: the projects matching the search and filter the rows were read
 * with (a new query's once its first page is in), and all the owner's; null until the first page.
 */
export const selectCounts = (s: ListSnapshot): { matching: number; all: number } | null =>
  s.context.all === null ? null : { matching: matchingCount(s.context), all: s.context.all };

/** The end of the grid: a next page to ask for, one on its way, one that failed (Retry), or none. */
export type PagingStatus = 'more' | 'loadingMore' | 'moreFailed' | 'none';
export function selectPaging(s: ListSnapshot): PagingStatus {
  if (s.matches({ data: 'more' })) return 'more';
  if (s.matches({ data: 'loadingMore' })) return 'loadingMore';
  if (s.matches({ data: 'moreFailed' })) return 'moreFailed';
  return 'none';
}

/** A new search, filter or sort is being read: the grid shows the cards read before, narrowed. */
export const selectReloading = (s: ListSnapshot) => s.context.all !== null && (s.matches({ data: 'loading' }) || s.matches({ data: 'searching' }));

export const selectQuery = (s: ListSnapshot) => s.context.query;
export const selectNotice = (s: ListSnapshot) => s.context.notice;
export const selectProjects = (s: ListSnapshot) => s.context.projects;

type ListDialog =
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
