/** The comment list export (SPEC §9): `myCommentList.txt`, plain text, one block per comment. */
import type { Comment } from '../../../machines/viewer/notes/commentsMachine';
import { formatDateTime } from '../../../i18n/dateTime';
import type { Locales } from '../../../i18n/i18n-types';
import { saveBlob } from '../../../machines/viewer/tools/saveBlob';

export const COMMENT_LIST_FILE_NAME = 'myCommentList.txt';

/** `title`, then `date - author` and the text of each comment, separated by blank lines. */
export function commentListText(title: string, comments: readonly Pick<Comment, 'date' | 'authorName' | 'text'>[], locale: Locales): string {
  const blocks = comments.map((c) => `${formatDateTime(c.date, locale)} - ${c.authorName}\n${c.text}`);
  return [title, ...blocks].join('\n\n') + '\n';
}

/** Saves a text file through a temporary link (the browser's download). */
export function downloadTextFile(fileName: string, text: string, type = 'text/plain;charset=utf-8'): void {
  saveBlob(fileName, new Blob([text], { type }));
}
