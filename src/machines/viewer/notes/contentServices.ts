/**
 * The viewer's content machines with their effects bound to the API. The composition root calls
 * `createViewerContentServices(api)` once; screens instantiate the machines with their input:
 *   useActorRef(content.comments, { input: { ref, canCreate, authorName } })
 *   useActorRef(content.hyperlinks, { input: { ref, canCreate, authorName } })
 *   useActorRef(content.notice, { input: { steps, moveCamera, flash } })
 */
import { fromPromise } from 'xstate';
import type { ApiClient, ProjectRef } from '../../../api/client';
import type { BulkDeleteResult, BulkDeleteTarget } from '../../../api/noteSchemas';
import type { CreatedItem } from '../../../api/schemas';
import { commentsMachine } from './commentsMachine';
import { hyperlinksMachine } from './hyperlinksMachine';
import { noticeMachine } from '../tools/noticeMachine';

/** The calls these machines make (the API client satisfies it). */
export type ViewerContentApi = Pick<
  ApiClient,
  | 'listComments'
  | 'createComment'
  | 'deleteComment'
  | 'deleteComments'
  | 'listAttachments'
  | 'createAttachment'
  | 'deleteAttachment'
  | 'deleteAttachments'
>;

/** The four calls of one kind of note. */
interface NotesCalls<Item, Body> {
  list(ref: ProjectRef): Promise<Item[]>;
  create(ref: ProjectRef, body: Body): Promise<CreatedItem>;
  remove(ref: ProjectRef, id: number): Promise<unknown>;
  removeMany(ref: ProjectRef, target: BulkDeleteTarget): Promise<BulkDeleteResult>;
}

/** The effects of a notes machine, by the names its kind gives them. */
function notesEffects<Item, Body>(calls: NotesCalls<Item, Body>) {
  return {
    load: fromPromise<Item[], { ref: ProjectRef }>(({ input }) => calls.list(input.ref)),
    create: fromPromise<CreatedItem, { ref: ProjectRef; body: Body }>(({ input }) => calls.create(input.ref, input.body)),
    remove: fromPromise<void, { ref: ProjectRef; id: number }>(async ({ input }) => void (await calls.remove(input.ref, input.id))),
    removeMany: fromPromise<BulkDeleteResult, { ref: ProjectRef; target: BulkDeleteTarget }>(({ input }) => calls.removeMany(input.ref, input.target)),
  };
}

export function createViewerContentServices(api: ViewerContentApi) {
  const c = notesEffects({ list: api.listComments, create: api.createComment, remove: api.deleteComment, removeMany: api.deleteComments });
  const h = notesEffects({ list: api.listAttachments, create: api.createAttachment, remove: api.deleteAttachment, removeMany: api.deleteAttachments });
  const comments = commentsMachine.provide({
    actors: { loadComments: c.load, createComment: c.create, deleteComment: c.remove, deleteComments: c.removeMany },
  });
  const hyperlinks = hyperlinksMachine.provide({
    actors: { loadHyperlinks: h.load, createHyperlink: h.create, deleteHyperlink: h.remove, deleteHyperlinks: h.removeMany },
  });
  return { comments, hyperlinks, notice: noticeMachine };
}

export type ViewerContentServices = ReturnType<typeof createViewerContentServices>;
