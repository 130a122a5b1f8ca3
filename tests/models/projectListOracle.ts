/**
 * The project list oracle, from SPEC §2 (project list), §4 (stages, publishing, deleting) and §5
 * (search and filter): the list is read once (again on retry); one dialog at a time, about a card
 * that exists; a rename shows the new name and refreshes the card, a confirmed delete removes it, a
 * share change shows and refreshes it; a stage change to another known stage shows at once, is sent
 * (PATCH then GET) one round-trip at a time in order, and on failure is put back with a "save
 * failed" notice (unless a newer choice for that card waits); cards from uploads are added or
 * replaced; an unsupported file is named in a notice until dismissed.
 */
import type { Project } from '../../src/api/schemas';
import type { ListEvent } from '../../src/machines/projects/projectListMachine';
import type { Expected, Oracle } from '../helpers/modelBased';

export interface Task {
  id: number;
  patch?: { currentStage: string };
  revert?: { currentStage: string };
}

export interface ListExpected extends Expected {
  value: { data: string; dialog: string; sync: string };
  projects: Project[];
  /** The round-trip on the wire, then those waiting, in order. */
  inFlight: Task | null;
  waiting: Task[];
  notice: { kind: string; name?: string } | null;
  dialogProject: Project | null;
  query: { search: string; stage: string; sort: string; reversed: boolean };
}

const STAGES = ['new', 'approval', 'ready', 'production', 'installation', 'finished'];
const byId = (projects: Project[], id: number) => projects.find((p) => p.id === id);
const put = (projects: Project[], project: Project) => [...projects.filter((p) => p.id !== project.id), project];
const patch = (projects: Project[], id: number, fields: Partial<Project>) => projects.map((p) => (p.id === id ? { ...p, ...fields } : p));

/** The next round-trip goes out as soon as none is on the wire. */
function send(e: ListExpected): ListExpected {
  if (e.inFlight || e.waiting.length === 0) return { ...e, value: { ...e.value, sync: e.inFlight ? 'syncing' : 'idle' } };
  const [next, ...rest] = e.waiting;
  return { ...e, inFlight: next, waiting: rest, value: { ...e.value, sync: 'syncing' }, effects: [...e.effects, next.patch ? `PATCH+GET projects/${next.id}` : `GET projects/${next.id}`] };
}

export const projectListOracle: Oracle<ListEvent, ListExpected> = {
  initial: () => ({
    value: { data: 'loading', dialog: 'none', sync: 'idle' },
    effects: [],
    projects: [],
    inFlight: null,
    waiting: [],
    notice: null,
    dialogProject: null,
    query: { search: '', stage: 'all', sort: 'date', reversed: false },
  }),
  next(prev, event) {
    const e: ListExpected = { ...prev, effects: [] };
    const type = event.type as string;
    const output = (event as { output?: unknown }).output;
    const dialog = (name: string, project: Project | null) => ({ ...e, value: { ...e.value, dialog: name }, dialogProject: project });
    switch (event.type) {
      case 'list.retry':
        return e.value.data === 'failed' ? { ...e, value: { ...e.value, data: 'loading' }, effects: ['GET projects'] } : e;
      case 'list.search':
        return { ...e, query: { ...e.query, search: event.text } };
      case 'list.filterStage':
        return event.stage === 'all' || STAGES.includes(event.stage) ? { ...e, query: { ...e.query, stage: event.stage } } : e;
      case 'list.sort':
        return ['date', 'name'].includes(event.by) ? { ...e, query: { ...e.query, sort: event.by } } : e;
      case 'list.reverse':
        return { ...e, query: { ...e.query, reversed: !e.query.reversed } };
      case 'list.rename':
      case 'list.delete':
      case 'list.share': {
        const project = byId(e.projects, event.id);
        if (e.value.dialog !== 'none' || !project) return e;
        return { ...dialog({ 'list.rename': 'renaming', 'list.delete': 'deleting', 'list.share': 'sharing' }[event.type], project), effects: [`${event.type.slice(5)} dialog for ${event.id}`] };
      }
      case 'list.changeStage': {
        const project = byId(e.projects, event.id);
        if (!project || !STAGES.includes(event.stage) || project.currentStage === event.stage) return e;
        const task = { id: event.id, patch: { currentStage: event.stage }, revert: { currentStage: project.currentStage } };
        return send({ ...e, projects: patch(e.projects, event.id, { currentStage: event.stage }), waiting: [...e.waiting, task], effects: [`card ${event.id} shows ${event.stage}`] });
      }
      case 'list.projectAdded':
      case 'list.projectUpdated':
        return { ...e, projects: put(e.projects, event.project) };
      case 'list.fileRejected':
        return { ...e, notice: { kind: 'unsupportedFile', name: event.name } };
      case 'list.dismissNotice':
        return { ...e, notice: null };
    }
    if (e.value.data === 'loading' && type === 'xstate.done.actor.loadProjects') {
      // Cards created while the list loaded are kept.
      const projects = e.projects.reduce(put, output as Project[]);
      return { ...e, projects, value: { ...e.value, data: 'ready' } };
    }
    if (e.value.data === 'loading' && type === 'xstate.error.actor.loadProjects') return { ...e, value: { ...e.value, data: 'failed' } };
    const closed = (next: ListExpected) => send({ ...next, value: { ...next.value, dialog: 'none' }, dialogProject: null });
    if (e.value.dialog === 'renaming' && type === 'xstate.done.actor.rename') {
      if (!output) return closed(e);
      const renamed = output as { id: number; name: string };
      return closed({ ...e, projects: patch(e.projects, renamed.id, { name: renamed.name }), waiting: [...e.waiting, { id: renamed.id }] });
    }
    if (e.value.dialog === 'deleting' && type === 'xstate.done.actor.delete') {
      if (!output) return closed(e);
      const { id } = output as { id: number };
      return closed({ ...e, projects: e.projects.filter((p) => p.id !== id), waiting: e.waiting.filter((t) => t.id !== id) });
    }
    if (e.value.dialog === 'sharing' && type === 'xstate.done.actor.share') {
      const shared = output as Project;
      const before = byId(e.projects, shared.id);
      const changed = before !== undefined && (before!.isPublished !== shared.isPublished || JSON.stringify(before!.shareOptions) !== JSON.stringify(shared.shareOptions));
      return closed(changed ? { ...e, projects: put(e.projects, shared), waiting: [...e.waiting, { id: shared.id }] } : e);
    }
    if (e.inFlight && type === 'xstate.done.actor.syncProject') {
      const answered = output as Project;
      const newerStage = e.waiting.filter((t) => t.id === answered.id && t.patch).at(-1)?.patch?.currentStage;
      const shown = newerStage === undefined ? answered : { ...answered, currentStage: newerStage };
      return send({ ...e, inFlight: null, projects: byId(e.projects, answered.id) ? put(e.projects, shown as Project) : e.projects });
    }
    if (e.inFlight && type === 'xstate.error.actor.syncProject') {
      const task = e.inFlight;
      const newerWaits = e.waiting.some((t) => t.id === task.id && t.patch);
      const projects = task.revert && !newerWaits ? patch(e.projects, task.id, task.revert as Partial<Project>) : e.projects;
      return send({ ...e, inFlight: null, projects, notice: task.patch ? { kind: 'saveFailed' } : e.notice, effects: task.patch ? ['save failed notice'] : [] });
    }
    return e;
  },
  check: () => {},
};
