/**
 * The project list screen (SPEC §2, §4, §5). Three parallel regions:
 *   data:   the list in pages (listPages.ts): loading the first page -> more (a next page waits) |
 *           complete; list.more (the end of the grid came near) -> loadingMore -> appended; a failed
 *           first page -> failed (retry reads it again), a failed later page -> moreFailed (retry
 *           asks for it again, the rows read stay). A new step filter or sort reads the first page
 *           again; a search waits for the keys to pause (searching) first.
 *   dialog: none -> renaming | deleting | sharing -> none   (each dialog is a child machine whose
 *           output the list applies: the new name, the removed card, the new share settings)
 *   sync:   idle <-> syncing: a queue of stage changes (PATCH then GET, shown at once, reverted on
 *           failure) and refreshes (GET) after a rename or a share change
 * Search, step filter, sort and reverse live in `query`; `visibleProjects` derives the grid from the
 * rows read, so a new query narrows them at once while its own first page is on its way.
 * Projects created or updated by the upload actor arrive through the `uploadEvents` bridge.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Project, ProjectPatch, Stage } from '../../api/schemas';
import { deleteMachine, type DeleteOutput } from './deleteMachine';
import { addedProject, deletedProject, firstPage, hasNextPage, nextPage, refreshedProject, SEARCH_DEBOUNCE_MS, type PagedRows, type PageRequest, type ProjectPage } from './listPages';
import { DEFAULT_QUERY, isSortKey, isStage, isStageFilter, type ProjectQuery, type SortKey, type StageFilter } from './projectQuery';
import { renameMachine, type RenameOutput } from './renameMachine';
import { shareMachine } from './shareMachine';

/** One server round-trip for one project: PATCH (when `patch` is set) then GET. */
export interface SyncTask {
  id: number;
  patch?: ProjectPatch;
  /** Fields to put back if the PATCH fails. */
  revert?: Partial<Project>;
}

/** A message the list shows: a save that failed, or a file the add tile cannot take. */
export type ListNotice = { kind: 'saveFailed' } | { kind: 'unsupportedFile'; name: string };

export interface ListContext extends PagedRows {
  /** What the screen asks for now (search, step filter, sort, reverse). */
  query: ProjectQuery;
  queue: SyncTask[];
  /** The project the open dialog is about. */
  dialogProject: Project | null;
  notice: ListNotice | null;
}

export type ListEvent =
  | { type: 'list.retry' }
  /** The end of the grid came near: the next page, if there is one. */
  | { type: 'list.more' }
  | { type: 'list.search'; text: string }
  | { type: 'list.filterStage'; stage: StageFilter }
  | { type: 'list.sort'; by: SortKey }
  | { type: 'list.reverse' }
  | { type: 'list.changeStage'; id: number; stage: Stage }
  | { type: 'list.rename'; id: number }
  | { type: 'list.delete'; id: number }
  | { type: 'list.share'; id: number }
  | { type: 'list.projectAdded'; project: Project }
  | { type: 'list.projectUpdated'; project: Project }
  /** A file was picked or dropped that is not one of the model formats. */
  | { type: 'list.fileRejected'; name: string }
  | { type: 'list.dismissNotice' };

const findProject = (context: ListContext, id: number) => context.projects.find((p) => p.id === id);
const patchLocal = (projects: Project[], id: number, fields: Partial<Project>) =>
  projects.map((p) => (p.id === id ? { ...p, ...fields } : p));

export const projectListMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    tags: {} as 'busy',
    /** The step filter and sort the user chose last time (the search starts empty). */
    input: {} as { query?: Partial<Omit<ProjectQuery, 'search'>> } | undefined,
  },
  actors: {
    /** GET projects?limit=LIST_PAGE_SIZE with the query, after the cursor when there is one. */
    loadPage: fromPromise<ProjectPage, PageRequest>(async () => {
      throw new Error('loadPage is not provided');
    }),
    /** PATCH projects/{id} when the task has a patch, then GET projects/{id}. */
    syncProject: fromPromise<Project, SyncTask>(async () => {
      throw new Error('syncProject is not provided');
    }),
    /** Forwards the upload actor's results as list.projectAdded / list.projectUpdated. */
    uploadEvents: fromCallback(() => () => {}),
    rename: renameMachine,
    delete: deleteMachine,
    share: shareMachine,
  },
  guards: {
    hasProject: ({ context, event }) => 'id' in event && findProject(context, event.id) !== undefined,
    isNewStage: ({ context, event }) => {
      if (event.type !== 'list.changeStage' || !isStage(event.stage)) return false;
      const project = findProject(context, event.id);
      return project !== undefined && project.currentStage !== event.stage;
    },
    hasQueue: ({ context }) => context.queue.length > 0,
    hasNextPage: (_, page: ProjectPage) => hasNextPage(page),
  },
  actions: {
    queueStageChange: assign(({ context, event }) => {
      if (event.type !== 'list.changeStage') return {};
      const previous = findProject(context, event.id)!;
      return {
        projects: patchLocal(context.projects, event.id, { currentStage: event.stage }),
        queue: [...context.queue, { id: event.id, patch: { currentStage: event.stage }, revert: { currentStage: previous.currentStage } }],
      };
    }),
    applyRename: assign(({ context }, output: RenameOutput) =>
      output ? { projects: patchLocal(context.projects, output.id, { name: output.name }), queue: [...context.queue, { id: output.id }] } : {},
    ),
    applyDelete: assign(({ context }, output: DeleteOutput) =>
      output ? { ...deletedProject(context, output.id), queue: context.queue.filter((t) => t.id !== output.id) } : {},
    ),
    applyShare: assign(({ context }, output: Project) => {
      const before = findProject(context, output.id);
      const changed = before !== undefined && JSON.stringify([before.isPublished, before.shareOptions]) !== JSON.stringify([output.isPublished, output.shareOptions]);
      return changed ? { projects: patchLocal(context.projects, output.id, output), queue: [...context.queue, { id: output.id }] } : {};
    }),
    takeFirstPage: assign(({ context }, page: ProjectPage) => firstPage(page, context.query, context.gone)),
    appendPage: assign(({ context }, page: ProjectPage) => nextPage(context, page)),
    /** Keeps the step filter and sort for the next visit (bound to browser storage by the services). */
    saveQuery: () => {},
    openDialog: assign(({ context, event }) => ('id' in event ? { dialogProject: findProject(context, event.id) ?? null } : {})),
    closeDialog: assign({ dialogProject: null }),
  },
}).createMachine({
  id: 'projectList',
  type: 'parallel',
  context: ({ input }) => {
    const query = { ...DEFAULT_QUERY, ...input?.query, search: '' };
    return {
      projects: [],
      listed: {},
      query,
      loadedQuery: query,
      cursor: null,
      total: 0,
      all: null,
      gone: [],
      queue: [],
      dialogProject: null,
      notice: null,
    };
  },
  invoke: { id: 'uploadEvents', src: 'uploadEvents' },
  on: {
    'list.projectUpdated': { actions: assign(({ context, event }) => ({ projects: patchLocal(context.projects, event.project.id, event.project) })) },
    'list.fileRejected': { actions: assign(({ event }) => ({ notice: { kind: 'unsupportedFile' as const, name: event.name } })) },
    'list.dismissNotice': { actions: assign({ notice: null }) },
  },
  states: {
    data: {
      initial: 'loading',
      on: {
        'list.search': { target: '.searching', actions: assign(({ context, event }) => ({ query: { ...context.query, search: event.text } })) },
        'list.filterStage': {
          guard: ({ event }) => isStageFilter(event.stage),
          target: '.loading',
          actions: [assign(({ context, event }) => ({ query: { ...context.query, stage: event.stage } })), 'saveQuery'],
        },
        'list.sort': {
          guard: ({ event }) => isSortKey(event.by),
          target: '.loading',
          actions: [assign(({ context, event }) => ({ query: { ...context.query, sort: event.by } })), 'saveQuery'],
        },
        'list.reverse': { target: '.loading', actions: [assign(({ context }) => ({ query: { ...context.query, reversed: !context.query.reversed } })), 'saveQuery'] },
        'list.projectAdded': { actions: assign(({ context, event }) => addedProject(context, event.project)) },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }): PageRequest => ({ query: context.query, cursor: null }),
            onDone: [
              { guard: { type: 'hasNextPage', params: ({ event }) => event.output }, target: 'more', actions: { type: 'takeFirstPage', params: ({ event }) => event.output } },
              { target: 'complete', actions: { type: 'takeFirstPage', params: ({ event }) => event.output } },
            ],
            onError: 'failed',
          },
          // The page on its way may have been read before the new project: read it again.
          on: { 'list.projectAdded': { target: 'loading', reenter: true } },
        },
        searching: { after: { [SEARCH_DEBOUNCE_MS]: 'loading' } },
        more: { on: { 'list.more': 'loadingMore' } },
        loadingMore: {
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }): PageRequest => ({ query: context.loadedQuery, cursor: context.cursor }),
            onDone: [
              { guard: { type: 'hasNextPage', params: ({ event }) => event.output }, target: 'more', actions: { type: 'appendPage', params: ({ event }) => event.output } },
              { target: 'complete', actions: { type: 'appendPage', params: ({ event }) => event.output } },
            ],
            onError: 'moreFailed',
          },
        },
        moreFailed: { on: { 'list.retry': 'loadingMore' } },
        complete: {},
        failed: { on: { 'list.retry': 'loading' } },
      },
    },
    dialog: {
      initial: 'none',
      states: {
        none: {
          on: {
            'list.rename': { guard: 'hasProject', target: 'renaming', actions: 'openDialog' },
            'list.delete': { guard: 'hasProject', target: 'deleting', actions: 'openDialog' },
            'list.share': { guard: 'hasProject', target: 'sharing', actions: 'openDialog' },
          },
        },
        renaming: {
          invoke: {
            id: 'rename',
            src: 'rename',
            input: ({ context }) => ({ project: context.dialogProject! }),
            onDone: { target: 'none', actions: [{ type: 'applyRename', params: ({ event }) => event.output }, 'closeDialog'] },
          },
        },
        deleting: {
          invoke: {
            id: 'delete',
            src: 'delete',
            input: ({ context }) => ({ project: context.dialogProject! }),
            onDone: { target: 'none', actions: [{ type: 'applyDelete', params: ({ event }) => event.output }, 'closeDialog'] },
          },
        },
        sharing: {
          invoke: {
            id: 'share',
            src: 'share',
            input: ({ context }) => ({ project: context.dialogProject! }),
            onDone: { target: 'none', actions: [{ type: 'applyShare', params: ({ event }) => event.output }, 'closeDialog'] },
          },
        },
      },
    },
    sync: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasQueue', target: 'syncing' },
          on: { 'list.changeStage': { guard: 'isNewStage', target: 'syncing', actions: 'queueStageChange' } },
        },
        syncing: {
          invoke: {
            id: 'syncProject',
            src: 'syncProject',
            input: ({ context }) => context.queue[0],
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                // A project deleted meanwhile stays deleted; a stage changed again meanwhile keeps the
                // newer choice; one changed out of the search or filter leaves the list.
                ...refreshedProject(context, pendingStage(context.queue.slice(1), event.output)),
                queue: context.queue.slice(1),
              })),
            },
            onError: {
              target: 'idle',
              actions: assign(({ context }) => {
                const [task, ...rest] = context.queue;
                const stillPending = rest.some((t) => t.id === task.id && t.patch);
                return {
                  projects: task.revert && !stillPending ? patchLocal(context.projects, task.id, task.revert) : context.projects,
                  queue: rest,
                  notice: task.patch ? { kind: 'saveFailed' as const } : context.notice,
                };
              }),
            },
          },
          on: { 'list.changeStage': { guard: 'isNewStage', actions: 'queueStageChange' } },
        },
      },
    },
  },
});

/** A refreshed project, with any stage change still waiting in the queue applied on top. */
function pendingStage(rest: SyncTask[], project: Project): Project {
  const last = rest.filter((t) => t.id === project.id && t.patch?.currentStage).at(-1);
  return last ? { ...project, currentStage: last.patch!.currentStage! } : project;
}
