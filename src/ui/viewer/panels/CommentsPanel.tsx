/**
 * The comments panel (SPEC §2, §5, §6), bound to one comments actor: the list (author, avatar,
 * date), a delete button on deletable comments, the box (up to 8 rows) with Send enabled only
 * for a non-blank text and Cancel clearing it, and "Download the comment list" unless the
 * project is opened through a public link.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { COMMENT_MAX_LENGTH, commentDraftError, type commentsMachine } from '../../../machines/viewer/commentsMachine';
import { useLL } from '../../app/I18nProvider';
import { TrashIcon } from '../../common/actionIcons';
import { fieldClass, primaryButtonClass, secondaryButtonClass } from '../../common/controlStyles';
import { AuthorLine } from './AuthorLine';
import { COMMENT_LIST_FILE_NAME, commentListText, downloadTextFile } from './commentListFile';
import { ContentErrorMessage } from './ContentErrorMessage';

export type CommentsActor = ActorRefFrom<typeof commentsMachine>;

export interface CommentsPanelProps {
  actor: CommentsActor;
  /** True on /s/{accessKey}: hides the download button. */
  isPublicLink: boolean;
  /** Named in the downloaded file's first line. */
  projectName: string;
  /** Saves the file (the browser download by default; tests pass a spy). */
  download?: (fileName: string, text: string) => void;
}

export function CommentsPanel({ actor, isPublicLink, projectName, download = downloadTextFile }: CommentsPanelProps) {
  const LL = useLL();
  const comments = useSelector(actor, (s) => s.context.comments);
  const draft = useSelector(actor, (s) => s.context.draft);
  const error = useSelector(actor, (s) => s.context.error);
  const canCreate = useSelector(actor, (s) => s.context.canCreate);
  const loading = useSelector(actor, (s) => s.matches({ list: 'loading' }));
  const loadFailed = useSelector(actor, (s) => s.matches({ list: 'failed' }));
  const sending = useSelector(actor, (s) => s.matches({ form: 'sending' }));
  const draftError = commentDraftError(draft);

  return (
    <section aria-label={LL.viewer.comments.title()} className="flex min-h-0 flex-col gap-3">
      {error && (
        <ContentErrorMessage
          error={error}
          loadFailed={loadFailed}
          messages={{
            loadFailed: LL.viewer.comments.loadFailed(),
            createFailed: LL.viewer.comments.sendFailed(),
            deleteFailed: LL.viewer.comments.deleteFailed(),
          }}
          onRetry={() => actor.send({ type: 'comments.retry' })}
          onDismiss={() => actor.send({ type: 'comments.dismissError' })}
        />
      )}
      {loading ? (
        <p className="text-sm text-fg-muted">{LL.common.loading()}</p>
      ) : (
        !loadFailed &&
        (comments.length === 0 ? (
          <p className="text-sm text-fg-muted">{LL.viewer.comments.empty()}</p>
        ) : (
          <ul className="flex min-h-0 flex-col gap-3 overflow-y-auto">
            {comments.map((comment) => (
              <li key={comment.id} className="rounded-lg border border-border bg-surface-overlay/60 p-3">
                <div className="flex items-start justify-between gap-2">
                  <AuthorLine name={comment.authorName} avatarUrl={comment.authorAvatarUrl} date={comment.date} />
                  {comment.isDeletable && (
                    <button
                      type="button"
                      aria-label={LL.viewer.comments.deleteComment()}
                      title={LL.viewer.comments.deleteComment()}
                      className="rounded-md p-1 text-fg-muted hover:bg-surface-overlay hover:text-danger"
                      onClick={() => actor.send({ type: 'comments.delete', id: comment.id })}
                    >
                      <TrashIcon width={16} height={16} />
                    </button>
                  )}
                </div>
                <p className="mt-2 text-sm break-words whitespace-pre-wrap text-fg">{comment.text}</p>
              </li>
            ))}
          </ul>
        ))
      )}
      {canCreate && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'comments.submit' });
          }}
        >
          <label htmlFor="comment-text" className="sr-only">
            {LL.viewer.comments.label()}
          </label>
          <textarea
            id="comment-text"
            rows={Math.min(8, Math.max(2, draft.split('\n').length))}
            value={draft}
            placeholder={LL.viewer.comments.placeholder()}
            disabled={sending}
            aria-invalid={draftError === 'tooLong'}
            aria-describedby={draftError === 'tooLong' ? 'comment-too-long' : undefined}
            onChange={(e) => actor.send({ type: 'comments.change', text: e.target.value })}
            className={`${fieldClass} resize-none`}
          />
          {draftError === 'tooLong' && (
            <p id="comment-too-long" className="text-sm text-danger">
              {LL.viewer.comments.tooLong({ max: COMMENT_MAX_LENGTH })}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButtonClass} disabled={sending || draft === ''} onClick={() => actor.send({ type: 'comments.cancel' })}>
              {LL.common.cancel()}
            </button>
            <button type="submit" className={primaryButtonClass} disabled={sending || draftError !== null}>
              {LL.viewer.comments.send()}
            </button>
          </div>
        </form>
      )}
      {!isPublicLink && (
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={comments.length === 0}
          onClick={() => download(COMMENT_LIST_FILE_NAME, commentListText(LL.viewer.comments.fileTitle({ name: projectName }), comments))}
        >
          {LL.viewer.comments.download()}
        </button>
      )}
    </section>
  );
}
