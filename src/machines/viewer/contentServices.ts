/**
 * The viewer's content machines with their effects bound to the API. The composition root calls
 * `createViewerContentServices(api)` once; screens instantiate the machines with their input:
 *   useActorRef(content.comments, { input: { ref, canCreate, authorName } })
 *   useActorRef(content.hyperlinks, { input: { ref, canCreate, authorName } })
 *   useActorRef(content.notice, { input: { steps, moveCamera, flash } })
 */
import { fromPromise } from 'xstate';
import type { ApiClient, ProjectRef } from '../../api/client';
import type { Attachment, AttachmentCreate, Comment, CommentCreate, CreatedItem } from '../../api/schemas';
import { commentsMachine } from './commentsMachine';
import { hyperlinksMachine } from './hyperlinksMachine';
import { noticeMachine } from './noticeMachine';

/** The calls these machines make (the API client satisfies it). */
export type ViewerContentApi = Pick<
  ApiClient,
  'listComments' | 'createComment' | 'deleteComment' | 'listAttachments' | 'createAttachment' | 'deleteAttachment'
>;

export function createViewerContentServices(api: ViewerContentApi) {
  const comments = commentsMachine.provide({
    actors: {
      loadComments: fromPromise<Comment[], { ref: ProjectRef }>(({ input }) => api.listComments(input.ref)),
      createComment: fromPromise<CreatedItem, { ref: ProjectRef; body: CommentCreate }>(({ input }) => api.createComment(input.ref, input.body)),
      deleteComment: fromPromise<void, { ref: ProjectRef; id: number }>(async ({ input }) => void (await api.deleteComment(input.ref, input.id))),
    },
  });
  const hyperlinks = hyperlinksMachine.provide({
    actors: {
      loadHyperlinks: fromPromise<Attachment[], { ref: ProjectRef }>(({ input }) => api.listAttachments(input.ref)),
      createHyperlink: fromPromise<CreatedItem, { ref: ProjectRef; body: AttachmentCreate }>(({ input }) =>
        api.createAttachment(input.ref, input.body),
      ),
      deleteHyperlink: fromPromise<void, { ref: ProjectRef; id: number }>(async ({ input }) => void (await api.deleteAttachment(input.ref, input.id))),
    },
  });
  return { comments, hyperlinks, notice: noticeMachine };
}

export type ViewerContentServices = ReturnType<typeof createViewerContentServices>;
