/**
 * Text as searches compare it: without accents and case, so `chene` finds `Chêne` and `ecole`
 * finds `École`. Letters are decomposed (NFD) and their combining marks dropped; the joined
 * letters of French and Nordic names (œ, æ) are written out, as people type them.
 */
const JOINED: Record<string, string> = { œ: 'oe', æ: 'ae' };

export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[œæ]/g, (letter) => JOINED[letter]);
}
