/**
 * The comments of a project (SPEC §3, §5, §6): the notes machine (notesMachine.ts) for the
 * comment kind. The draft is the text of the box; it is sent trimmed when it is not blank and not
 * too long; Cancel clears it. Events are namespaced `comments.*`; `comments.change` carries `text`.
 */
import type { Comment } from '../../../api/schemas';
import { COMMENT_MAX_LENGTH } from '../../../api/schemas';
import { createNotesMachine } from './notesMachine';

/** A comment as the panel shows it. */
export type { Comment };
export { COMMENT_MAX_LENGTH };

/** Effects: loadComments, createComment, deleteComment, deleteComments. */
type CommentTypes = { ns: 'comments'; one: 'Comment'; many: 'Comments'; item: Comment; draft: string; change: { text: string } };

/** Why Send is disabled: `empty` (nothing but spaces) or `tooLong`; null when the text can be sent. */
export function commentDraftError(text: string): 'empty' | 'tooLong' | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  return trimmed.length > COMMENT_MAX_LENGTH ? 'tooLong' : null;
}

export const commentsMachine = createNotesMachine<CommentTypes>({
  ns: 'comments', one: 'Comment', many: 'Comments',
  emptyDraft: '',
  change: (_draft, { text }) => text,
  isSendable: (draft) => commentDraftError(draft) === null,
  content: (draft) => ({ text: draft.trim() }),
  guestsWrite: true,
});
