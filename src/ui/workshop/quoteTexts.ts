/** The Quote tab's problems in the user's words: a draft's, a texture's, and the server's refusals. */
import { QUOTE_NAME_MAX, QUOTE_TEXTURE_MAX_MEGABYTES, type QuoteDraftError, type QuoteRefusal, type TextureProblem } from '../../machines/projects/quoteEditorMachine';
import type { TranslationFunctions } from '../../i18n/i18n-types';

type QuoteTexts = TranslationFunctions['workshop']['quote'];

/** `maxPrice`: the greatest price, as money in the workshop's currency. */
export function draftErrorText(T: QuoteTexts, e: QuoteDraftError, maxPrice: string): string {
  const E = T.errors;
  switch (e.code) {
    case 'required':
      return e.field.includes('.choices.') ? E.requiredChoice({ group: e.group }) : E.requiredGroup();
    case 'tooLong':
      return E.tooLong({ name: e.choice || e.group, max: QUOTE_NAME_MAX });
    case 'priceNumber':
      return E.priceNumber({ choice: e.choice, group: e.group });
    case 'priceRange':
      return E.priceRange({ choice: e.choice, group: e.group, max: maxPrice });
    case 'duplicateGroup':
      return E.duplicateGroup({ group: e.group });
    case 'duplicateChoice':
      return E.duplicateChoice({ group: e.group, choice: e.choice });
    case 'bind':
      return E.bind({ group: e.group });
    case 'colour':
      return E.colour({ choice: e.choice, group: e.group });
    case 'validity':
      return E.validity();
  }
}

export function textureProblemText(T: QuoteTexts, p: TextureProblem): string {
  const names = { choice: p.choice, group: p.group };
  return p.code === 'size' ? T.textureProblems.size({ ...names, max: QUOTE_TEXTURE_MAX_MEGABYTES }) : T.textureProblems[p.code](names);
}

export function refusalText(T: QuoteTexts, r: QuoteRefusal): string {
  return r.code === 'bindsNothing' ? T.refusals.bindsNothing({ groups: r.groups.map((g) => `“${g}”`).join(', ') }) : T.refusals[r.code]();
}
