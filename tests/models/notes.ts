/**
 * The notes of a project, comments and hyperlinks (attachments), as QA models: the rules written
 * here from SPEC §3, §4, §5, §6 and §7, not read from the machine.
 *
 * - The list is read once on start (GET comments or attachments, by id or access key) and shown
 *   oldest first, notes of the same date by id. A failed read shows the failure and offers Retry,
 *   which reads again. Where the link's owner turned the list off nothing is read at all.
 * - The form sends a note (POST with the author's trimmed name) when the viewer may create this
 *   kind and the draft is valid: a comment's trimmed text is not empty and at most
 *   COMMENT_MAX_LENGTH long; a hyperlink's trimmed name is not empty and at most
 *   ATTACHMENT_NAME_MAX_LENGTH long, and its trimmed link is not empty; a link typed without a
 *   scheme is sent with `https://`, and only http and https links are accepted. While a note is
 *   sent the form is locked. The note sent is shown at once with the server's id and date and
 *   the author's avatar, and the form clears; a failed send keeps the form as it was. Cancel
 *   clears the form.
 * - A note marked deletable is taken off the list at once and deleted remotely, one DELETE at a
 *   time in the order asked; a failed delete puts the note back in its place.
 * - On the owner's path (a project id, not an access key) the owner picks deletable notes and
 *   deletes the picked ones, or every guest's note, after a confirmation, in one call; the list
 *   then drops exactly the ids the server says it deleted and the selection is cleared. Cancelling
 *   the confirmation keeps the selection. A guest on a link has no bulk delete.
 * - The panel shows the last problem, worded by what the viewer was doing (loadFailed,
 *   createFailed, deleteFailed), except a wrong answer (invalidResponse), the guests' rate limit
 *   (429: tooFast) and a full project (409 too_many_*: full). It stays until it is dismissed, a
 *   delete is asked, or a read, a send or a bulk delete succeeds.
 *
 * Two races are not played here but in the examples (tests/machines/viewer/notesMachine.test.ts):
 * a note written while the list is read stays when the read's older answer comes; a note is shown
 * under the name and avatar it was sent with, even when the author changes (a guest who logs in)
 * while it is sent.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import type { EventObject } from 'xstate';
import { InvalidResponseError, RequestError } from '../../src/api/errors';
import type { BulkDeleteResult, BulkDeleteTarget } from '../../src/api/noteSchemas';
import { ATTACHMENT_NAME_MAX_LENGTH, COMMENT_MAX_LENGTH, type Attachment, type Comment, type CreatedItem } from '../../src/api/schemas';
import { commentsMachine } from '../../src/machines/viewer/notes/commentsMachine';
import { hyperlinksMachine } from '../../src/machines/viewer/notes/hyperlinksMachine';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { withCallLog, type LoggedSut } from './callLog';
import { defineRun, type MachineModel } from './machineModel';

type Note = Comment | Attachment;
type Ref = { id: number } | { accessKey: string };
interface Input {
  ref: Ref;
  enabled?: boolean;
  canCreate: boolean;
  authorName: string;
  authorAvatarUrl?: string;
}
type Phase = { list: 'loading' | 'ready' | 'failed' | 'off'; form: 'editing' | 'sending'; deletion: 'idle' | 'deleting'; bulk: 'idle' | 'confirming' | 'deleting' };

/** What one kind adds to the shared rules: its names, its draft and what a draft sends. */
interface Kind {
  ns: 'comments' | 'hyperlinks';
  effects: { load: string; create: string; remove: string; removeMany: string };
  emptyDraft: unknown;
  change(draft: unknown, event: EventObject): unknown;
  /** What the draft sends beside the author's name, or null when it cannot be sent. */
  content(draft: unknown): Record<string, string> | null;
  /** The 409 code of a full project. */
  fullCode: string;
  /** Whether guests write this kind: only then may the owner delete every guest's note at once (hyperlinks are the owner's alone). */
  guestsWrite: boolean;
  note(id: number, day: number, isDeletable: boolean, authorName: string): Note;
}

const date = (day: number) => new Date(Date.UTC(2025, 0, day, 9, 30));

const commentKind: Kind = {
  ns: 'comments',
  effects: { load: 'loadComments', create: 'createComment', remove: 'deleteComment', removeMany: 'deleteComments' },
  emptyDraft: '',
  change: (_draft, event) => (event as unknown as { text: string }).text,
  content(draft) {
    const text = (draft as string).trim();
    return text !== '' && text.length <= COMMENT_MAX_LENGTH ? { text } : null;
  },
  fullCode: 'too_many_comments',
  guestsWrite: true,
  note: (id, day, isDeletable, authorName) => ({ id, date: date(day), authorName, authorAvatarUrl: `/avatars/${id}.png`, text: `Comment ${id}`, isDeletable }),
};

/** An http or https address, as the browser reads it. */
function isWebAddress(link: string): boolean {
  try {
    const { protocol, hostname } = new URL(link);
    return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
  } catch {
    return false;
  }
}

const hyperlinkKind: Kind = {
  ns: 'hyperlinks',
  effects: { load: 'loadHyperlinks', create: 'createHyperlink', remove: 'deleteHyperlink', removeMany: 'deleteHyperlinks' },
  emptyDraft: { name: '', url: '' },
  change: (draft, event) => {
    const { field, value } = event as unknown as { field: 'name' | 'url'; value: string };
    return { ...(draft as object), [field]: value };
  },
  content(draft) {
    const { name: rawName, url: rawUrl } = draft as { name: string; url: string };
    const name = rawName.trim();
    const typed = rawUrl.trim();
    if (name === '' || name.length > ATTACHMENT_NAME_MAX_LENGTH || typed === '') return null;
    // A scheme (RFC 3986: a letter, then letters, digits, + . -, then a colon) is kept; none means https.
    const url = /^[a-z][a-z\d+.-]*:/i.test(typed) ? typed : `https://${typed}`;
    return isWebAddress(url) ? { name, url } : null;
  },
  fullCode: 'too_many_attachments',
  guestsWrite: false,
  note: (id, day, isDeletable, authorName) => ({ id, date: date(day), authorName, authorAvatarUrl: `/avatars/${id}.png`, name: `Link ${id}`, url: `https://example.com/${id}`, isDeletable }),
};

export interface NotesExpected extends Expected {
  value: Phase;
  /** The notes shown, oldest first. */
  list: Note[];
  /** Notes taken off the list whose DELETE has not answered, in the order asked. */
  queue: Note[];
  draft: unknown;
  error: string | null;
  selected: number[];
  /** What the confirmation (then the bulk delete) is about. */
  target: BulkDeleteTarget | null;
  author: { name: string; avatar: string };
  /** Every call asked of the server, in order. */
  calls: { load: unknown[]; create: unknown[]; remove: unknown[]; removeMany: unknown[] };
}

const byDate = (a: Note, b: Note) => a.date.getTime() - b.date.getTime() || a.id - b.id;
const oldestFirst = (notes: Note[]) => [...notes].sort(byDate);
const without = (notes: Note[], id: number) => notes.filter((n) => n.id !== id);

/** The wording of a failure: by its kind, else by what was being done. */
function wording(error: unknown, doing: 'loadFailed' | 'createFailed' | 'deleteFailed'): string {
  if (error instanceof InvalidResponseError) return 'invalidResponse';
  if (error instanceof RequestError && error.status === 429) return 'tooFast';
  if (error instanceof RequestError && error.status === 409 && /^too_many_(comments|attachments)$/.test(error.code ?? '')) return 'full';
  return doing;
}

function notesOracle(kind: Kind, input: Input): Oracle<EventObject, NotesExpected> {
  const { ns, effects } = kind;
  const ref = input.ref;
  const owner = 'id' in ref;
  const enabled = input.enabled ?? true;
  const deletable = (e: NotesExpected, id: number) => e.list.some((n) => n.id === id && n.isDeletable);
  /** The next queued DELETE goes out when none is running. */
  const startDelete = (e: NotesExpected): NotesExpected => {
    if (e.value.deletion !== 'idle' || e.queue.length === 0) return e;
    const id = e.queue[0].id;
    return { ...e, value: { ...e.value, deletion: 'deleting' }, calls: { ...e.calls, remove: [...e.calls.remove, { ref, id }] }, effects: [...e.effects, `DELETE ${ns}/${id}`] };
  };
  const step = (e: NotesExpected, event: EventObject): NotesExpected => {
    const base = { ...e, effects: [] as string[] };
    const type = event.type;
    const { output, error } = event as { output?: unknown; error?: unknown };
    const id = (event as { id?: number }).id ?? -1;
    const at = (region: keyof Phase, state: string) => e.value[region] === state;
    const phase = (region: keyof Phase, state: string) => ({ ...e.value, [region]: state }) as Phase;
    switch (type) {
      case `${ns}.author`: {
        const { authorName, authorAvatarUrl } = event as unknown as { authorName: string; authorAvatarUrl: string };
        return { ...base, author: { name: authorName, avatar: authorAvatarUrl }, effects: [`now writing as ${authorName}`] };
      }
      case `${ns}.dismissError`:
        return { ...base, error: null };
      case `${ns}.delete`:
        if (!deletable(e, id)) return { ...base, effects: [`note ${id} cannot be deleted`] };
        return {
          ...base,
          list: without(e.list, id),
          queue: [...e.queue, e.list.find((n) => n.id === id)!],
          selected: e.selected.filter((s) => s !== id),
          error: null,
          effects: [`note ${id} off the list at once`],
        };
      case `xstate.done.actor.${effects.load}`: {
        // A note whose DELETE is running stays off the list; picks of notes no longer listed are dropped.
        const list = oldestFirst((output as Note[]).filter((n) => !e.queue.some((q) => q.id === n.id)));
        return { ...base, value: phase('list', 'ready'), list, selected: e.selected.filter((s) => list.some((n) => n.id === s)), error: null, effects: [`${list.length} notes, oldest first`] };
      }
      case `xstate.error.actor.${effects.load}`:
        return { ...base, value: phase('list', 'failed'), error: wording(error, 'loadFailed'), effects: ['failure shown, Retry offered'] };
      case `${ns}.retry`:
        if (!at('list', 'failed')) return base;
        return { ...base, value: phase('list', 'loading'), calls: { ...e.calls, load: [...e.calls.load, { ref }] }, effects: [`GET ${ns} again`] };
      case `${ns}.refresh`:
        // A note written elsewhere: a list shown is read again (the notes stay shown meanwhile).
        if (!at('list', 'ready')) return base;
        return { ...base, value: phase('list', 'loading'), calls: { ...e.calls, load: [...e.calls.load, { ref }] }, effects: [`GET ${ns} again, the list kept on screen`] };
      case `${ns}.change`:
        if (!at('form', 'editing')) return { ...base, effects: ['form locked while sending'] };
        return { ...base, draft: kind.change(e.draft, event) };
      case `${ns}.cancel`:
        if (!at('form', 'editing')) return { ...base, effects: ['form locked while sending'] };
        return { ...base, draft: kind.emptyDraft, effects: ['form cleared'] };
      case `${ns}.submit`: {
        const content = kind.content(e.draft);
        const authorName = e.author.name.trim();
        if (!at('form', 'editing') || !input.canCreate || authorName === '' || content === null) return { ...base, effects: ['nothing sent'] };
        const body = { authorName, ...content };
        return { ...base, value: phase('form', 'sending'), calls: { ...e.calls, create: [...e.calls.create, { ref, body }] }, effects: [`POST ${ns} ${JSON.stringify(body)}`] };
      }
      case `xstate.done.actor.${effects.create}`: {
        const { body } = e.calls.create.at(-1) as { body: Record<string, string> };
        const shown = { ...(output as CreatedItem), ...body, authorAvatarUrl: e.author.avatar } as Note;
        return { ...base, value: phase('form', 'editing'), list: oldestFirst([...without(e.list, shown.id), shown]), draft: kind.emptyDraft, error: null, effects: [`note ${shown.id} shown, form cleared`] };
      }
      case `xstate.error.actor.${effects.create}`:
        return { ...base, value: phase('form', 'editing'), error: wording(error, 'createFailed'), effects: ['failure shown, form kept'] };
      case `xstate.done.actor.${effects.remove}`:
        return { ...base, value: phase('deletion', 'idle'), queue: e.queue.slice(1), effects: [`note ${e.queue[0].id} deleted`] };
      case `xstate.error.actor.${effects.remove}`: {
        const back = e.queue[0];
        return { ...base, value: phase('deletion', 'idle'), list: oldestFirst([...without(e.list, back.id), back]), queue: e.queue.slice(1), error: 'deleteFailed', effects: [`note ${back.id} back in its place`] };
      }
      case `${ns}.toggleSelect`:
        if (!at('bulk', 'idle') || !owner || !deletable(e, id)) return { ...base, effects: [`note ${id} cannot be picked`] };
        return { ...base, selected: e.selected.includes(id) ? e.selected.filter((s) => s !== id) : [...e.selected, id] };
      case `${ns}.clearSelection`:
        if (!at('bulk', 'idle')) return base;
        return { ...base, selected: [] };
      case `${ns}.deleteSelected`:
        if (!at('bulk', 'idle') || !owner || e.selected.length === 0) return { ...base, effects: ['nothing to delete'] };
        return { ...base, value: phase('bulk', 'confirming'), target: { ids: e.selected }, effects: [`confirm deleting ${e.selected.length} notes`] };
      case `${ns}.deleteGuests`:
        if (!kind.guestsWrite) return { ...base, effects: ['no guest writes this kind'] };
        if (!at('bulk', 'idle') || !owner || e.list.length === 0) return { ...base, effects: ['nothing to delete'] };
        return { ...base, value: phase('bulk', 'confirming'), target: { authors: 'guests' }, effects: ["confirm deleting the guests' notes"] };
      case `${ns}.confirm`:
        if (!at('bulk', 'confirming')) return base;
        return { ...base, value: phase('bulk', 'deleting'), calls: { ...e.calls, removeMany: [...e.calls.removeMany, { ref, target: e.target }] }, effects: [`DELETE ${ns} ${JSON.stringify(e.target)}`] };
      case `${ns}.cancelConfirm`:
        if (!at('bulk', 'confirming')) return base;
        return { ...base, value: phase('bulk', 'idle'), target: null, effects: ['nothing deleted, picks kept'] };
      case `xstate.done.actor.${effects.removeMany}`: {
        const gone = (output as BulkDeleteResult).deletedIds;
        return { ...base, value: phase('bulk', 'idle'), list: e.list.filter((n) => !gone.includes(n.id)), selected: [], target: null, error: null, effects: [`${gone.join(', ')} deleted`] };
      }
      case `xstate.error.actor.${effects.removeMany}`:
        return { ...base, value: phase('bulk', 'idle'), target: null, error: wording(error, 'deleteFailed'), effects: ['failure shown, picks kept'] };
      default:
        return base;
    }
  };
  return {
    initial: () => ({
      value: { list: enabled ? 'loading' : 'off', form: 'editing', deletion: 'idle', bulk: 'idle' },
      effects: enabled ? [`GET ${ns}`] : ['list turned off: nothing read'],
      list: [],
      queue: [],
      draft: kind.emptyDraft,
      error: null,
      selected: [],
      target: null,
      author: { name: input.authorName, avatar: input.authorAvatarUrl ?? '' },
      calls: { load: enabled ? [{ ref }] : [], create: [], remove: [], removeMany: [] },
    }),
    next: (e, event) => startDelete(step(e, event)),
    check(real, e, sut) {
      const c = real.context as Record<string, unknown>;
      same(c[ns], e.list, 'the notes shown, oldest first');
      same(c.draft, e.draft, 'the form');
      same(c.error, e.error, 'the problem shown');
      same(c.selected, e.selected, 'the notes picked');
      same(real.hasTag('busy'), e.value.list === 'loading' || e.value.form === 'sending' || e.value.bulk === 'deleting', 'busy');
      const { calls, pending } = sut as LoggedSut;
      same({ load: calls[effects.load], create: calls[effects.create], remove: calls[effects.remove], removeMany: calls[effects.removeMany] }, e.calls, 'the calls made');
      // The calls in flight: the last of each while its region waits for it.
      const inFlight = (name: keyof NotesExpected['calls'], waiting: boolean) => (waiting ? [e.calls[name].at(-1)] : []);
      same(
        { load: pending[effects.load].map((p) => p.input), create: pending[effects.create].map((p) => p.input), remove: pending[effects.remove].map((p) => p.input), removeMany: pending[effects.removeMany].map((p) => p.input) },
        { load: inFlight('load', e.value.list === 'loading'), create: inFlight('create', e.value.form === 'sending'), remove: inFlight('remove', e.value.deletion === 'deleting'), removeMany: inFlight('removeMany', e.value.bulk === 'deleting') },
        'the calls in flight',
      );
      same(real.status, 'active');
    },
  };
}

/** What QA plays, by kind: the list's answers, the form's changes, and the picks and deletes. */
function eventsOf(kind: Kind) {
  const { ns, effects } = kind;
  const notes = [kind.note(3, 5, true, 'Bea'), kind.note(2, 5, false, 'Owner'), kind.note(1, 3, true, 'Carl')];
  return {
    // Not in order: 1 is the oldest, 2 and 3 share a date.
    loaded: { type: `xstate.done.actor.${effects.load}`, output: notes },
    // The owner may delete every note of the project (server/domain/permissions.ts).
    loadedByOwner: { type: `xstate.done.actor.${effects.load}`, output: notes.map((n) => ({ ...n, isDeletable: true })) },
    loadFailed: { type: `xstate.error.actor.${effects.load}`, error: new Error('offline') },
    loadInvalid: { type: `xstate.error.actor.${effects.load}`, error: new InvalidResponseError('date') },
    retry: { type: `${ns}.retry` },
    refresh: { type: `${ns}.refresh` },
    cancel: { type: `${ns}.cancel` },
    submit: { type: `${ns}.submit` },
    created: { type: `xstate.done.actor.${effects.create}`, output: { id: 9, date: new Date(Date.UTC(2025, 1, 1)), isDeletable: true } satisfies CreatedItem },
    createFailed: { type: `xstate.error.actor.${effects.create}`, error: new Error('offline') },
    tooFast: { type: `xstate.error.actor.${effects.create}`, error: new RequestError('POST', `/${ns}`, 429, 'Too Many Requests', 'too_many_requests') },
    full: { type: `xstate.error.actor.${effects.create}`, error: new RequestError('POST', `/${ns}`, 409, 'Conflict', kind.fullCode) },
    author: { type: `${ns}.author`, authorName: ' Ana Martin ', authorAvatarUrl: '/ana.png' },
    delete1: { type: `${ns}.delete`, id: 1 },
    delete3: { type: `${ns}.delete`, id: 3 },
    delete2: { type: `${ns}.delete`, id: 2 },
    deleted: { type: `xstate.done.actor.${effects.remove}` },
    deleteFailed: { type: `xstate.error.actor.${effects.remove}`, error: new Error('500') },
    dismissError: { type: `${ns}.dismissError` },
    pick3: { type: `${ns}.toggleSelect`, id: 3 },
    pick2: { type: `${ns}.toggleSelect`, id: 2 },
    clearSelection: { type: `${ns}.clearSelection` },
    deleteSelected: { type: `${ns}.deleteSelected` },
    deleteGuests: { type: `${ns}.deleteGuests` },
    confirm: { type: `${ns}.confirm` },
    cancelConfirm: { type: `${ns}.cancelConfirm` },
    // The server's answer decides what goes: an id not picked, or one it did not delete, says so.
    bulkDeleted3: { type: `xstate.done.actor.${effects.removeMany}`, output: { deletedIds: [3] } satisfies BulkDeleteResult },
    bulkDeleted138: { type: `xstate.done.actor.${effects.removeMany}`, output: { deletedIds: [1, 3, 8] } satisfies BulkDeleteResult },
    // The guests' notes, as the server answers "delete every guest's note" with both still there.
    bulkDeleted13: { type: `xstate.done.actor.${effects.removeMany}`, output: { deletedIds: [1, 3] } satisfies BulkDeleteResult },
    bulkFailed: { type: `xstate.error.actor.${effects.removeMany}`, error: new Error('500') },
  };
}

type Snapshot = { value: unknown; context: unknown };
type Context = Record<string, unknown> & { draft: unknown; deleting: Note[]; error: unknown; selected: number[]; bulkTarget: unknown; authorName: string };

/**
 * The changes a kind's form is given: `valid` makes a draft that can be sent, `rules` every case
 * of the draft's rules (blank, too long, no scheme, a refused scheme...).
 */
interface Changes {
  valid: EventObject[];
  rules: EventObject[];
}

/** The run of the form's rules on the owner's path (its screen drivers play it: e2e/screens/notesScreen.ts). */
export const FORM_RUN = "the owner (project id): the form's rules";
/** The run of the owner's list: its reads, deletes and bulk deletes. */
export const LIST_RUN = 'the owner (project id): the list, deleting one, many at once';

function notesModel(name: 'comments' | 'hyperlinks', kind: Kind, machine: typeof commentsMachine | typeof hyperlinksMachine, changes: Changes): MachineModel {
  const { ns, effects } = kind;
  const ev = eventsOf(kind);
  const everyEvent = [...Object.values(ev), ...changes.rules] as EventObject[];
  const ids = (notes: unknown) => (notes as Note[]).map((n) => n.id);
  const ctx = (s: Snapshot) => s.context as Context;
  const at = (s: Snapshot, region: string, state: string) => (s.value as Record<string, string>)[region] === state;
  const loadAnswers = [`xstate.done.actor.${effects.load}`, `xstate.error.actor.${effects.load}`];
  /** The draft the valid changes make, typed in full. */
  const typed = JSON.stringify(changes.valid.reduce((draft, change) => kind.change(draft, change), kind.emptyDraft));
  /** Dismiss, Cancel and Clear are played where they change something (elsewhere they are played once, refused). */
  const meaningful = (s: Snapshot, event: EventObject) =>
    (event !== ev.dismissError || ctx(s).error !== null) &&
    (event !== ev.cancel || JSON.stringify(ctx(s).draft) !== JSON.stringify(kind.emptyDraft)) &&
    (event !== ev.clearSelection || ctx(s).selected.length > 0) &&
    // A send answered before the list's first answer is left out (see the top of this file).
    !(event === ev.created && at(s, 'list', 'loading'));
  const run = (
    label: string,
    input: Input,
    events: EventObject[],
    key: (s: Snapshot) => unknown[],
    filter: (s: Snapshot, event: EventObject) => boolean = () => true,
    /** Send labelled with the draft (the form's rules). */
    labelled = false,
  ) => ({
    label,
    run: defineRun<EventObject>({
      // Every event the machine accepts is listed (else the model plays it without its payload); each run plays its own.
      // For the form's rules, Send carries the draft it is pressed on as a label (the machine reads no payload), so
      // each draft is sent or refused on a path of its own.
      events: (s: Snapshot) => [...everyEvent, { type: `${ns}.submit`, on: ctx(s).draft }],
      input,
      serializeState: (s) => JSON.stringify([s.value, ...key(s)]),
      filterEvents: (s, event) => ('on' in event ? labelled : events.includes(event)) && meaningful(s, event) && filter(s, event),
      sut: () => withCallLog(createSut(machine, { promiseActors: Object.values(effects), input })),
      oracle: notesOracle(kind, input) as never,
    }),
  });
  /** The notes, the deletes queued, the picks and the confirmation. */
  // The picks as a set: picked in either order, the same notes go.
  const lists = (s: Snapshot) => [ids(ctx(s)[ns]), ids(ctx(s).deleting), [...ctx(s).selected].sort(), ctx(s).bulkTarget];
  /** The draft is typed while the list loads, and the list answers once it is typed: one draft to send, then none. */
  const typeFirst = (s: Snapshot, event: EventObject) =>
    changes.valid.includes(event) ? at(s, 'list', 'loading') : !loadAnswers.includes(event.type) || JSON.stringify(ctx(s).draft) === typed;
  const owner: Input = { ref: { id: 4 }, canCreate: true, authorName: ' Ana ', authorAvatarUrl: '/me.png' };
  // Comments may be written on a link; hyperlinks only by the owner (SPEC §5, §6).
  const guest: Input = { ref: { accessKey: 'k1' }, canCreate: name === 'comments', authorName: 'Guest' };
  const deletes = [ev.delete1, ev.delete3, ev.delete2, ev.deleted, ev.deleteFailed];
  const bulk = [ev.pick3, ev.pick2, ev.clearSelection, ev.deleteSelected, ev.deleteGuests, ev.confirm, ev.cancelConfirm, ev.bulkDeleted3, ev.bulkDeleted138, ev.bulkFailed];
  return {
    name,
    machine,
    source: 'src/machines/viewer/notes/notesMachine.ts',
    testFile: 'tests/machines/notesModel.test.ts',
    runs: [
      run(
        LIST_RUN,
        owner,
        // Deleting and picking are played on the guests' notes 1 and 3 (note 2, the owner's own, may go too: its paths are
        // those of 1 and 3 again, three times as many).
        [ev.loadedByOwner, ev.loadFailed, ev.retry, ev.refresh, ...changes.valid, ev.submit, ev.created, ev.createFailed, ...deletes.filter((d) => d !== ev.delete2), ev.dismissError, ...bulk.filter((b) => b !== ev.pick2), ...(kind.guestsWrite ? [ev.bulkDeleted13] : [])],
        (s) => [...lists(s), ctx(s).draft, ctx(s).error !== null],
        typeFirst,
      ),
      run(
        FORM_RUN,
        owner,
        [ev.loadedByOwner, ...changes.rules, ev.cancel, ev.created, ev.createFailed, ev.tooFast, ev.full, ev.author, ev.dismissError],
        (s) => [ids(ctx(s)[ns]), ctx(s).draft, ctx(s).error !== null, ctx(s).authorName],
        // The list is read first; a new author while a note is sent is left out (see the top of this file).
        (s, event) => (event === ev.loadedByOwner || at(s, 'list', 'ready')) && !(event === ev.author && at(s, 'form', 'sending')),
        true,
      ),
      run(
        'a guest on a link',
        guest,
        [ev.loaded, ev.loadInvalid, ev.retry, ev.refresh, ...changes.valid, ev.submit, ev.created, ...deletes, ...bulk],
        (s) => [...lists(s), ctx(s).draft],
        typeFirst,
      ),
      run('a link whose list is off', { ...guest, enabled: false }, [ev.retry, ev.refresh, ...changes.valid, ev.submit, ev.created, ev.delete1, ...bulk], (s) => [...lists(s), ctx(s).draft]),
    ],
  };
}

const hello = { type: 'comments.change', text: ' Hello ' };

export const commentsModel = notesModel('comments', commentKind, commentsMachine, {
  valid: [hello],
  rules: [
    hello,
    { type: 'comments.change', text: ' \n\t ' },
    // The longest text, with spaces around it that do not count; then one character more.
    { type: 'comments.change', text: ` ${'x'.repeat(COMMENT_MAX_LENGTH)} ` },
    { type: 'comments.change', text: 'x'.repeat(COMMENT_MAX_LENGTH + 1) },
  ],
});

const name = (value: string) => ({ type: 'hyperlinks.change', field: 'name', value }) as EventObject;
const url = (value: string) => ({ type: 'hyperlinks.change', field: 'url', value }) as EventObject;
const docs = name(' Docs ');
const noScheme = url(' example.com/a ');

/** Whether the form sends `draft` (the kind's rules above; the author's name aside). */
export const sendableDraft = (ns: 'comments' | 'hyperlinks', draft: unknown) => (ns === 'comments' ? commentKind : hyperlinkKind).content(draft) !== null;

export const hyperlinksModel = notesModel('hyperlinks', hyperlinkKind, hyperlinksMachine, {
  valid: [docs, noScheme],
  rules: [
    docs,
    name('  '),
    name('n'.repeat(ATTACHMENT_NAME_MAX_LENGTH + 1)),
    noScheme,
    url('http://a.example/x'),
    url('javascript:alert(1)'),
    url('ftp://files.example/a'),
  ],
});
