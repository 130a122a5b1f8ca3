/** Project name rules (SPEC §5) and the name made from a model file, shared by the client and the server. */
import { NAME_FORBIDDEN } from './safeText';

export const PROJECT_NAME_MAX = 60;
const PROJECT_NAME_FORBIDDEN = /[\\/:*?"<>|]/;

export type ProjectNameError = 'tooLong' | 'tooShort' | 'invalidCharacters';

/**
 * The rules apply to the name as it is kept: without the spaces around it (a name of spaces is
 * empty). The single-line name rule of `safeText.ts` (control characters, text-direction marks,
 * line separators, zero-width characters) gives invalid characters too.
 */
export function projectNameError(name: string): ProjectNameError | null {
  const kept = name.trim();
  if (kept.length > PROJECT_NAME_MAX) return 'tooLong';
  if (kept.length < 1) return 'tooShort';
  if (PROJECT_NAME_FORBIDDEN.test(kept) || NAME_FORBIDDEN.test(kept)) return 'invalidCharacters';
  return null;
}

/** What a file whose name gives nothing usable is called. */
const UNTITLED_PROJECT_NAME = 'Untitled project';

/** What ends a word in a file name: spaces, and the `_ - . , ; +` people put between words instead. */
const WORD_END = /[\s_\-.,;+]/;
/** Separators and openers left dangling at the end of a cut name. */
const DANGLING = /[\s_\-.,;+([{]+$/;

/**
 * `text` cut to at most `max` characters at a word boundary: after the last whole word that fits,
 * without the separator. A first word longer than `max` alone is cut at `max` (without splitting
 * a surrogate pair), so a name is never empty when the text is not.
 */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  if (!WORD_END.test(text[max])) {
    while (end > 0 && !WORD_END.test(text[end - 1])) end--;
  }
  const cut = text.slice(0, end).replace(DANGLING, '');
  return cut !== '' ? cut : text.slice(0, max).replace(/[\uD800-\uDBFF]$/, '');
}

/**
 * The project name made from an uploaded file's name: folders and extension dropped, forbidden
 * and control characters replaced by spaces, spaces folded, cut at a word boundary within the
 * limit (a 200-character file name gives its first words, not half a word). The server names an
 * upload by the same rule.
 */
export function projectNameFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[A-Za-z0-9]{1,10}$/, '');
  const cleaned = stem
    .replace(new RegExp(PROJECT_NAME_FORBIDDEN.source, 'g'), ' ')
    .replace(new RegExp(NAME_FORBIDDEN.source, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const name = cutAtWord(cleaned, PROJECT_NAME_MAX).trim();
  return projectNameError(name) === null ? name : UNTITLED_PROJECT_NAME;
}
