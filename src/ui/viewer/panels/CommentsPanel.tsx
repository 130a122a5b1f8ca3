/**
 * The comments panel (SPEC §2, §5, §6): the notes panel for comments. The box grows up to 8 rows;
 * Send is enabled only for a non-blank text and Cancel clears it; "Download the comment list"
 * shows unless the project is opened through a public link.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { COMMENT_MAX_LENGTH, commentDraftError, type Comment, type commentsMachine } from '../../../machines/viewer/notes/commentsMachine';
import { useLL, useLocale } from '../../app/I18nProvider';
import { fieldClass, secondaryButtonClass } from '../../common/controlStyles';
import { COMMENT_LIST_FILE_NAME, commentListText, downloadTextFile } from './commentListFile';
import { NotesPanel } from './NotesPanel';

type CommentsActor = ActorRefFrom<typeof commentsMachine>;

interface CommentsPanelProps {
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
  const locale = useLocale();
  const T = LL.viewer.comments;
  const comments = useSelector(actor, (s) => s.context.comments);
  const draft = useSelector(actor, (s) => s.context.draft);
  const sending = useSelector(actor, (s) => s.matches({ form: 'sending' }));
  const draftError = commentDraftError(draft);

  return (
    <NotesPanel<Comment>
      actor={actor}
      ns="comments"
      texts={T}
      renderBody={(comment) => <p className="mt-2 text-sm break-words whitespace-pre-wrap text-fg">{comment.text}</p>}
      draftIsEmpty={draft === ''}
      draftIsSendable={draftError === null}
      fields={
        <>
          <label htmlFor="comment-text" className="sr-only">
            {T.label()}
          </label>
          <textarea
            id="comment-text"
            rows={Math.min(8, Math.max(2, draft.split('\n').length))}
            value={draft}
            placeholder={T.placeholder()}
            disabled={sending}
            aria-invalid={draftError === 'tooLong'}
            aria-describedby={draftError === 'tooLong' ? 'comment-too-long' : undefined}
            onChange={(e) => actor.send({ type: 'comments.change', text: e.target.value })}
            className={`${fieldClass} resize-none`}
          />
          {draftError === 'tooLong' && (
            <p id="comment-too-long" className="text-sm text-danger">
              {T.tooLong({ max: COMMENT_MAX_LENGTH })}
            </p>
          )}
        </>
      }
      footer={
        !isPublicLink && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={comments.length === 0}
            onClick={() => download(COMMENT_LIST_FILE_NAME, commentListText(T.fileTitle({ name: projectName }), comments, locale))}
          >
            {T.download()}
          </button>
        )
      }
    />
  );
}
