/**
 * One rule for the characters people's text may hold, on the client and the server alike.
 *
 * Some characters change how the text around them reads without being seen: control characters
 * (C0, DEL, C1: a bell, a line break in a mail header), the marks that change the text's direction
 * (ALM, LRM, RLM, the BiDi embeddings, overrides and isolates: "abc", U+202E, "gpj.exe" reads
 * "abcexe.jpg"), the line and paragraph separators (U+2028, U+2029) and the zero-width characters
 * (ZWSP, ZWNJ, ZWJ, the BOM) that make two names look alike. Letters of any script, right-to-left
 * ones included, are fine.
 *
 * - A single-line name (a project, an approver, a note's author, a hyperlink, a file) holds none
 *   of them (`isSafeName`); the server refuses one with `invalid_name`.
 * - A note's text holds line feeds and tabs (a CR only before a line feed) and the joiners (ZWNJ,
 *   ZWJ), which Persian, the Indic scripts and emoji need inside words; none of the others
 *   (`isSafeText`).
 * - What leaves the product (mail, file names, BCF, CSV) passes through `oneLine` or `cleanText`
 *   as well, so that a name stored before this rule, or read from a model, cannot do it either.
 */

const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f';
const DIRECTION_MARKS = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
const LINE_SEPARATORS = '\\u2028\\u2029';
const ZERO_WIDTH = '\\u200b-\\u200d\\ufeff';

/** What a single-line name may not hold. */
export const NAME_FORBIDDEN = new RegExp(`[${CONTROLS}${DIRECTION_MARKS}${LINE_SEPARATORS}${ZERO_WIDTH}]`);
const NAME_FORBIDDEN_ALL = new RegExp(NAME_FORBIDDEN.source, 'g');

/** What a multi-line text may not hold: the name's characters less tab, line feed (CR before it) and the joiners. */
const TEXT_FORBIDDEN = new RegExp(`[\\u0000-\\u0008\\u000b-\\u000c\\u000e-\\u001f\\u007f-\\u009f${DIRECTION_MARKS}${LINE_SEPARATORS}\\u200b\\ufeff]|\\r(?!\\n)`);
const TEXT_FORBIDDEN_ALL = new RegExp(TEXT_FORBIDDEN.source, 'g');

/** The error code of a name that breaks the rule (400). */
export const INVALID_NAME = 'invalid_name';

export const isSafeName = (name: string): boolean => !NAME_FORBIDDEN.test(name);
export const isSafeText = (text: string): boolean => !TEXT_FORBIDDEN.test(text);

/** Characters that end a line somewhere: they become one space in a single line. */
const LINE_ENDS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** Any text as one line of output (a mail's subject or line, a file name, a BCF title): line ends become a space, the rest of the rule's characters go. */
export function oneLine(text: string): string {
  return text.replace(LINE_ENDS, ' ').replace(NAME_FORBIDDEN_ALL, '');
}

/** Multi-line text for output: line feeds only (CRLF, CR and the separators become one), the rest of the rule's characters gone. */
export function cleanText(text: string): string {
  return text.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').replace(TEXT_FORBIDDEN_ALL, '');
}
