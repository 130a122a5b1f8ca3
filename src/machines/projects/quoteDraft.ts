/**
 * The rules of the owner's quote draft (the Quote tab's editor, quoteEditorMachine.ts): its
 * problems before it is sent, the ids it is sent with, what a refusal of the server means, and
 * where an uploaded texture goes.
 */
import { idOfName, QUOTE_NAME_MAX, QUOTE_PRICE_MAX, type QuoteGroup, type QuoteOptions } from '../../model/quote/quoteOptions';
import { OPTION_BINDS_NOTHING, INVALID_QUOTE_OPTIONS, UNKNOWN_TEXTURE, type ProjectQuote, type UploadedTexture } from '../../api/quoteSchemas';

export type QuoteDraftErrorCode = 'required' | 'tooLong' | 'priceNumber' | 'priceRange' | 'duplicateGroup' | 'duplicateChoice' | 'bind' | 'colour' | 'validity';

export interface QuoteDraftError {
  /** Dotted path of the field (`groups.0.choices.1.price`, `validityDays`). */
  field: string;
  code: QuoteDraftErrorCode;
  /** The group's name ('' for the validity). */
  group: string;
  /** The choice's name, for a choice's problem. */
  choice: string;
}

/** Why the server kept the options it had: a group bound to no part (named), ids given twice, a value it refused, or no answer. */
export type QuoteRefusal = { code: 'bindsNothing'; groups: string[] } | { code: 'duplicate' } | { code: 'texture' } | { code: 'invalid' } | { code: 'failed' };

/** Why a texture was not taken: not an image we take, over the size limit, bytes that do not decode, or no answer. */
export interface TextureProblem {
  code: 'type' | 'size' | 'unreadable' | 'failed';
  /** The group's and the choice's names, as the draft had them. */
  group: string;
  choice: string;
}

/** Which choice a texture is for: the group's and the choice's places in the draft. */
export interface TextureTarget {
  group: number;
  choice: number;
}

/** The draft with this choice given the texture and the colour that stands for it (a choice no longer there: unchanged). */
export function withTexture(draft: QuoteOptions, target: TextureTarget, uploaded: Pick<UploadedTexture, 'texture' | 'colour'>): QuoteOptions {
  const group = draft.groups[target.group];
  if (!group?.choices[target.choice]) return draft;
  const choices = group.choices.map((c, i) => (i === target.choice ? { ...c, texture: uploaded.texture, colour: uploaded.colour } : c));
  return { ...draft, groups: draft.groups.map((g, i) => (i === target.group ? { ...group, choices } : g)) };
}

export function textureProblemOf(error: unknown, draft: QuoteOptions | null, target: TextureTarget | null): TextureProblem {
  const status = (error as { status?: unknown } | null)?.status;
  const code = status === 413 ? 'size' : status === 415 ? 'type' : status === 400 ? 'unreadable' : 'failed';
  return { code, ...namesAt(draft, target) };
}

export function namesAt(draft: QuoteOptions | null, target: TextureTarget | null): { group: string; choice: string } {
  const group = target ? draft?.groups[target.group] : undefined;
  return { group: group?.name.trim() ?? '', choice: (target && group?.choices[target.choice]?.name.trim()) || '' };
}

const VALIDITY_MAX = 365;
const sameName = (a: string, b: string) => idOfName(a) === idOfName(b);

/** The problems of a draft, in the fields' order; empty when it may be sent. */
export function quoteDraftErrors(draft: QuoteOptions): QuoteDraftError[] {
  const errors: QuoteDraftError[] = [];
  if (!Number.isInteger(draft.validityDays) || draft.validityDays < 1 || draft.validityDays > VALIDITY_MAX) errors.push({ field: 'validityDays', code: 'validity', group: '', choice: '' });
  draft.groups.forEach((group, g) => {
    const name = group.name.trim();
    const at = `groups.${g}`;
    if (name === '') errors.push({ field: `${at}.name`, code: 'required', group: '', choice: '' });
    else if (name.length > QUOTE_NAME_MAX) errors.push({ field: `${at}.name`, code: 'tooLong', group: name, choice: '' });
    else if (draft.groups.slice(0, g).some((other) => sameName(other.name, name))) errors.push({ field: `${at}.name`, code: 'duplicateGroup', group: name, choice: '' });
    if (group.bind.name.trim() === '') errors.push({ field: `${at}.bind`, code: 'bind', group: name, choice: '' });
    group.choices.forEach((choice, c) => {
      const choiceName = choice.name.trim();
      const path = `${at}.choices.${c}`;
      if (choiceName === '') errors.push({ field: `${path}.name`, code: 'required', group: name, choice: '' });
      else if (choiceName.length > QUOTE_NAME_MAX) errors.push({ field: `${path}.name`, code: 'tooLong', group: name, choice: choiceName });
      else if (group.choices.slice(0, c).some((other) => sameName(other.name, choiceName))) errors.push({ field: `${path}.name`, code: 'duplicateChoice', group: name, choice: choiceName });
      if (!/^#[0-9a-f]{6}$/i.test(choice.colour)) errors.push({ field: `${path}.colour`, code: 'colour', group: name, choice: choiceName });
      const amount = choice.price.amount;
      if (!Number.isFinite(amount)) errors.push({ field: `${path}.price`, code: 'priceNumber', group: name, choice: choiceName });
      else if (amount < 0 || amount > QUOTE_PRICE_MAX) errors.push({ field: `${path}.price`, code: 'priceRange', group: name, choice: choiceName });
    });
  });
  return errors;
}

/** The draft as it is sent: names trimmed, a new group or choice (id '') given the id of its name. */
export function withIds(draft: QuoteOptions): QuoteOptions {
  const groupIds = new Set(draft.groups.map((g) => g.id).filter((id) => id !== ''));
  return {
    validityDays: draft.validityDays,
    groups: draft.groups.map((group) => {
      const id = group.id !== '' ? group.id : idOfName(group.name, groupIds);
      groupIds.add(id);
      const choiceIds = new Set(group.choices.map((c) => c.id).filter((c) => c !== ''));
      const choices = group.choices.map((choice) => {
        const choiceId = choice.id !== '' ? choice.id : idOfName(choice.name, choiceIds);
        choiceIds.add(choiceId);
        return { ...choice, id: choiceId, name: choice.name.trim(), board: choice.board.trim() };
      });
      return { ...group, id, name: group.name.trim(), bind: { ...group.bind, name: group.bind.name.trim() }, choices };
    }),
  };
}

/** What a failed save means to the owner: by the server's code; a group bound to no part is named from the lists read with the options. */
export function refusalOf(error: unknown, draft: QuoteOptions | null, quote: ProjectQuote | null): QuoteRefusal {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === OPTION_BINDS_NOTHING) {
    const known = (group: QuoteGroup) =>
      (group.bind.kind === 'material' ? (quote?.materials ?? []) : (quote?.hardware ?? [])).some((m) => sameName(m.name, group.bind.name));
    const groups = (draft?.groups ?? []).filter((g) => !known(g)).map((g) => g.name.trim());
    // The group the server names: its message (kept by the RequestError) quotes it.
    const quoted = /“([^”]+)”/.exec(String((error as { serverMessage?: unknown }).serverMessage ?? ''))?.[1];
    return { code: 'bindsNothing', groups: groups.length > 0 ? groups : quoted ? [quoted] : [] };
  }
  if (code === INVALID_QUOTE_OPTIONS) return { code: 'duplicate' };
  if (code === UNKNOWN_TEXTURE) return { code: 'texture' };
  if ((error as { status?: unknown } | null)?.status === 400) return { code: 'invalid' };
  return { code: 'failed' };
}
