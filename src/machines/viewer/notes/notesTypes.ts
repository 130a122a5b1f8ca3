/**
 * The types of the notes machine (notesMachine.ts): its input, what one kind fills in, and the
 * precise context, events and machine type each kind gets.
 */
import type { AnyActorRef, EventObject, MetaObject, ParameterizedObject, PromiseActorLogic, StateMachine, StateSchema, StateValue } from 'xstate';
import type { ProjectRef } from '../../../api/client';
import type { BulkDeleteResult, BulkDeleteTarget } from '../../../api/noteSchemas';
import type { CreatedItem } from '../../../api/schemas';
import type { ContentError, DatedItem } from './contentList';

export interface NotesInput {
  ref: ProjectRef;
  /** False where the link's owner turned this list off: nothing is fetched (the API would answer 404). */
  enabled?: boolean;
  /** Whether this viewer may write notes of this kind. */
  canCreate: boolean;
  /** The name sent with new notes (the user's full name, or Guest). */
  authorName: string;
  /** The avatar shown on the viewer's new notes until the next load. */
  authorAvatarUrl?: string;
}

export interface NoteItem extends DatedItem {
  authorName: string;
  authorAvatarUrl: string;
}

/**
 * The types one kind fills in: its namespace (= the context's list), its names for one and many
 * notes (the effects are `load<Many>`, `create<One>`, `delete<One>`, `delete<Many>`), its item,
 * its draft and the payload of its change event.
 */
export interface NoteTypes {
  ns: string;
  one: string;
  many: string;
  item: NoteItem;
  draft: unknown;
  change: object;
}

type Effects<T extends NoteTypes> = { load: `load${T['many']}`; create: `create${T['one']}`; remove: `delete${T['one']}`; removeMany: `delete${T['many']}` };

/** What the note adds to the shared fields (for a comment `{ text }`). */
export type NoteContentOf<T extends NoteTypes> = Omit<T['item'], keyof NoteItem>;

export interface NoteKindConfig<T extends NoteTypes> {
  ns: T['ns'];
  one: T['one'];
  many: T['many'];
  emptyDraft: T['draft'];
  change(draft: T['draft'], change: T['change']): T['draft'];
  /** Whether the draft may be sent. */
  isSendable(draft: T['draft']): boolean;
  /** The note as it is sent and then shown (trimmed, normalised). */
  content(draft: T['draft']): NoteContentOf<T>;
  /** Whether guests write this kind (comments): then the owner may delete every guest's note at once. */
  guestsWrite: boolean;
}

export type NotesContext<T extends NoteTypes> = Required<NotesInput> & { [K in T['ns']]: T['item'][] } & {
  draft: T['draft'];
  /** Notes removed from the list whose remote delete has not finished, oldest first. */
  deleting: T['item'][];
  error: ContentError | null;
  /** The owner may delete many at once (the owner's path only). */
  canManage: boolean;
  /** Ids picked for a bulk delete. */
  selected: number[];
  /** What the pending bulk delete removes. */
  bulkTarget: BulkDeleteTarget | null;
  /** Who the note being sent was written as (a login meanwhile does not rename it). */
  sent: { authorName: string; authorAvatarUrl: string } | null;
  /** Notes written since the list's read began: its answer may predate them. */
  fresh: T['item'][];
};

export type NotesEvent<T extends NoteTypes> =
  | { type: `${T['ns']}.retry` }
  | { type: `${T['ns']}.refresh` }
  | ({ type: `${T['ns']}.change` } & T['change'])
  | { type: `${T['ns']}.cancel` }
  | { type: `${T['ns']}.submit` }
  | { type: `${T['ns']}.delete`; id: number }
  | { type: `${T['ns']}.dismissError` }
  | { type: `${T['ns']}.toggleSelect`; id: number }
  | { type: `${T['ns']}.clearSelection` }
  | { type: `${T['ns']}.deleteSelected` }
  | { type: `${T['ns']}.deleteGuests` }
  | { type: `${T['ns']}.confirm` }
  | { type: `${T['ns']}.cancelConfirm` }
  /** Who writes from now on (a guest who logged in, a user who logged out). */
  | { type: `${T['ns']}.author`; authorName: string; authorAvatarUrl: string };

type Effect<Src extends string, Output, Input> = { src: Src; id: Src; logic: PromiseActorLogic<Output, Input> };
type NotesActors<T extends NoteTypes> =
  | Effect<Effects<T>['load'], T['item'][], { ref: ProjectRef }>
  | Effect<Effects<T>['create'], CreatedItem, { ref: ProjectRef; body: { authorName: string } & NoteContentOf<T> }>
  | Effect<Effects<T>['remove'], void, { ref: ProjectRef; id: number }>
  | Effect<Effects<T>['removeMany'], BulkDeleteResult, { ref: ProjectRef; target: BulkDeleteTarget }>;

/** The machine of one kind, typed by its config. */
export type NotesMachine<T extends NoteTypes> = StateMachine<
  NotesContext<T>,
  NotesEvent<T>,
  Record<string, AnyActorRef | undefined>,
  NotesActors<T>,
  ParameterizedObject,
  ParameterizedObject,
  string,
  StateValue,
  'busy',
  NotesInput,
  unknown,
  EventObject,
  MetaObject,
  StateSchema
>;
