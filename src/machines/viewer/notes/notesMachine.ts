/**
 * The notes of a project, comments or hyperlinks (SPEC §3, §5, §6), by id or access key: one
 * machine, made for each kind from a small config (event namespace, effect names, draft rules).
 * Four parallel regions:
 *   list:     starting -> loading -> ready | failed (<ns>.retry -> loading; <ns>.refresh, a note
 *             written elsewhere, reads a shown list again); off where the link's
 *             owner turned the list off (nothing is fetched)
 *   form:     editing <-> sending (<ns>.submit when creation is allowed and the draft is valid; the
 *             form clears on success, keeps its values on failure)
 *   deletion: idle <-> deleting. <ns>.delete removes a deletable note from the list at once and
 *             queues the remote delete; a failure puts it back and sets `error`.
 *   bulk:     idle -> confirming -> deleting -> idle. On the owner's path only: <ns>.toggleSelect
 *             picks deletable notes, <ns>.deleteSelected or <ns>.deleteGuests asks to confirm,
 *             <ns>.confirm deletes them in one call and drops what the server deleted.
 * The list is sorted oldest first (see contentList.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { BulkDeleteResult, BulkDeleteTarget } from '../../../api/noteSchemas';
import type { CreatedItem } from '../../../api/schemas';
import { canDelete, errorKind, sortByDate, upsert, withoutId, type ContentError } from './contentList';
import type { NoteItem, NoteKindConfig, NotesInput, NotesMachine, NoteTypes } from './notesTypes';

export type { NoteItem } from './notesTypes';

// The machine is written once over these loose types; NotesMachine<T> gives each kind its precise ones.
interface Loose extends Required<NotesInput> {
  draft: unknown;
  deleting: NoteItem[];
  error: ContentError | null;
  canManage: boolean;
  selected: number[];
  bulkTarget: BulkDeleteTarget | null;
  sent: { authorName: string; authorAvatarUrl: string } | null;
  fresh: Item[];
  /** The list itself, under the kind's namespace. */
  [list: string]: unknown;
}
type LooseEvent = { type: string; id?: number };
type Item = NoteItem;

const notProvided = (name: string) =>
  fromPromise<never, unknown>(async () => {
    throw new Error(`${name} is not provided`);
  });

export function createNotesMachine<T extends NoteTypes>(kind: NoteKindConfig<T>): NotesMachine<T> {
  const ns = kind.ns as string;
  const ev = (name: string) => `${ns}.${name}`;
  const [load, create, remove, removeMany] = [`load${kind.many}`, `create${kind.one}`, `delete${kind.one}`, `delete${kind.many}`];
  const list = (context: Loose) => context[ns] as Item[];
  const listed = (items: Item[]) => ({ [ns]: items }) as Partial<Loose>;
  const content = (context: Loose) => kind.content(context.draft as T['draft']) as object;

  const machine = setup({
    types: { context: {} as Loose, events: {} as LooseEvent, input: {} as NotesInput, tags: {} as 'busy' },
    actors: { [load]: notProvided(load), [create]: notProvided(create), [remove]: notProvided(remove), [removeMany]: notProvided(removeMany) },
    guards: {
      enabled: ({ context }) => context.enabled,
      canSubmit: ({ context }) => context.canCreate && context.authorName.trim() !== '' && kind.isSendable(context.draft as T['draft']),
      canDelete: ({ context, event }) => canDelete(list(context), event.id ?? -1),
      hasQueue: ({ context }) => context.deleting.length > 0,
      canSelect: ({ context, event }) => context.canManage && canDelete(list(context), event.id ?? -1),
      hasSelection: ({ context }) => context.canManage && context.selected.length > 0,
      canManage: ({ context }) => context.canManage && list(context).length > 0,
    },
    actions: {
      removeOptimistically: assign(({ context, event }) => {
        const item = list(context).find((i) => i.id === event.id)!;
        return { ...listed(withoutId(list(context), item.id)), deleting: [...context.deleting, item], selected: context.selected.filter((id) => id !== item.id), error: null };
      }),
      dequeue: assign({ deleting: ({ context }) => context.deleting.slice(1) }),
      // Put back, and worded as the bulk delete words it (a rate limit says so).
      rollback: assign(({ context, event }) => ({
        ...listed(upsert(list(context), context.deleting[0])),
        deleting: context.deleting.slice(1),
        error: errorKind((event as unknown as { error?: unknown }).error, 'deleteFailed'),
      })),
    },
  }).createMachine({
    id: ns,
    context: ({ input }) => ({
      ref: input.ref,
      enabled: input.enabled ?? true,
      canCreate: input.canCreate,
      authorName: input.authorName,
      authorAvatarUrl: input.authorAvatarUrl ?? '',
      ...listed([]),
      draft: kind.emptyDraft,
      deleting: [],
      error: null,
      canManage: 'id' in input.ref,
      selected: [],
      bulkTarget: null,
      sent: null,
      fresh: [],
    }),
    type: 'parallel',
    on: {
      [ev('delete')]: { guard: 'canDelete', actions: 'removeOptimistically' },
      [ev('dismissError')]: { actions: assign({ error: null }) },
      [ev('author')]: {
        actions: assign(({ event }) => {
          const { authorName, authorAvatarUrl } = event as unknown as { authorName: string; authorAvatarUrl: string };
          return { authorName, authorAvatarUrl };
        }),
      },
    },
    states: {
      list: {
        initial: 'starting',
        states: {
          starting: { always: [{ guard: 'enabled', target: 'loading' }, { target: 'off' }] },
          /** Turned off on this link: no list, no request. */
          off: {},
          loading: {
            tags: ['busy'],
            entry: assign({ fresh: [] }),
            invoke: {
              id: load,
              src: load,
              input: ({ context }) => ({ ref: context.ref }),
              onDone: {
                target: 'ready',
                actions: assign(({ context, event }) => {
                  // A note being deleted stays out of the list; one written while the list was read stays in it.
                  const answer = event.output as Item[];
                  const written = context.fresh.filter((f) => !answer.some((i) => i.id === f.id));
                  const items = sortByDate([...answer, ...written].filter((i) => !context.deleting.some((d) => d.id === i.id)));
                  return { ...listed(items), selected: context.selected.filter((id) => items.some((i) => i.id === id)), error: null };
                }),
              },
              onError: { target: 'failed', actions: assign({ error: ({ event }) => errorKind(event.error, 'loadFailed') }) },
            },
          },
          ready: { on: { [ev('refresh')]: 'loading' } },
          failed: { on: { [ev('retry')]: 'loading' } },
        },
      },
      form: {
        initial: 'editing',
        states: {
          editing: {
            on: {
              [ev('change')]: { actions: assign({ draft: ({ context, event }) => kind.change(context.draft as T['draft'], event as T['change']) }) },
              [ev('cancel')]: { actions: assign({ draft: kind.emptyDraft }) },
              [ev('submit')]: {
                guard: 'canSubmit',
                target: 'sending',
                actions: assign({ sent: ({ context }) => ({ authorName: context.authorName.trim(), authorAvatarUrl: context.authorAvatarUrl }) }),
              },
            },
          },
          sending: {
            tags: ['busy'],
            invoke: {
              id: create,
              src: create,
              input: ({ context }) => ({ ref: context.ref, body: { authorName: context.sent?.authorName ?? context.authorName.trim(), ...content(context) } }),
              onDone: {
                target: 'editing',
                actions: assign(({ context, event }) => {
                  // Shown as it was written: under the name it was sent with, even if the author changed meanwhile.
                  const written = {
                    ...(event.output as CreatedItem),
                    authorName: context.sent?.authorName ?? context.authorName.trim(),
                    authorAvatarUrl: context.sent?.authorAvatarUrl ?? context.authorAvatarUrl,
                    ...content(context),
                  } as Item;
                  return { ...listed(upsert(list(context), written)), fresh: [...context.fresh, written], draft: kind.emptyDraft, error: null, sent: null };
                }),
              },
              onError: { target: 'editing', actions: assign({ error: ({ event }) => errorKind(event.error, 'createFailed'), sent: null }) },
            },
          },
        },
      },
      deletion: {
        initial: 'idle',
        states: {
          idle: { always: { guard: 'hasQueue', target: 'deleting' } },
          deleting: {
            invoke: {
              id: remove,
              src: remove,
              input: ({ context }) => ({ ref: context.ref, id: context.deleting[0].id }),
              onDone: { target: 'idle', actions: 'dequeue' },
              onError: { target: 'idle', actions: 'rollback' },
            },
          },
        },
      },
      bulk: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              [ev('toggleSelect')]: {
                guard: 'canSelect',
                actions: assign({
                  selected: ({ context, event }) =>
                    context.selected.includes(event.id!) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id!],
                }),
              },
              [ev('clearSelection')]: { actions: assign({ selected: [] }) },
              [ev('deleteSelected')]: { guard: 'hasSelection', target: 'confirming', actions: assign({ bulkTarget: ({ context }) => ({ ids: context.selected }) }) },
              // Only where guests write this kind (hyperlinks are the owner's alone).
              ...(kind.guestsWrite ? { [ev('deleteGuests')]: { guard: 'canManage', target: 'confirming', actions: assign({ bulkTarget: { authors: 'guests' as const } }) } } : {}),
            },
          },
          confirming: {
            on: {
              [ev('confirm')]: 'deleting',
              [ev('cancelConfirm')]: { target: 'idle', actions: assign({ bulkTarget: null }) },
            },
          },
          deleting: {
            tags: ['busy'],
            invoke: {
              id: removeMany,
              src: removeMany,
              input: ({ context }) => ({ ref: context.ref, target: context.bulkTarget! }),
              onDone: {
                target: 'idle',
                actions: assign(({ context, event }) => {
                  const gone = new Set((event.output as BulkDeleteResult).deletedIds);
                  return { ...listed(list(context).filter((i) => !gone.has(i.id))), selected: [], bulkTarget: null, error: null };
                }),
              },
              onError: { target: 'idle', actions: assign({ bulkTarget: null, error: ({ event }) => errorKind(event.error, 'deleteFailed') }) },
            },
          },
        },
      },
    },
  });
  return machine as unknown as NotesMachine<T>;
}
