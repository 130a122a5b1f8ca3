/**
 * The client's options on a project (the quote): groups bound to the model's parts by material or
 * by hardware name ("Fronts" = every board part whose material is `Oak veneer 19`), each with
 * choices. A choice has a display name, a swatch colour, the board (or hardware) it stands for in
 * the workshop pack, and a price rule. The first choice of a group is the model's own.
 *
 * A selection maps a group's id to a choice's id; a group left out keeps the model's own choice.
 * In a URL it is one parameter, `options=fronts.white,carcass.grey` (ids are lower-case words, so
 * the value needs no escaping).
 */
import * as z from 'zod/mini';
import { TEXTURE_ID } from './quoteTexture';

export const QUOTE_GROUPS_MAX = 12;
export const QUOTE_CHOICES_MAX = 12;
export const QUOTE_NAME_MAX = 60;
/** The greatest price of a rule, in the workshop's currency. */
export const QUOTE_PRICE_MAX = 1_000_000;

const idSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,31}$/));
const nameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(QUOTE_NAME_MAX));

/** How a choice is priced: per m² of the bound boards (one face), per bound part or item, or once. */
export const priceRuleKinds = ['perSquareMetre', 'perPart', 'fixed'] as const;
export type PriceRuleKind = (typeof priceRuleKinds)[number];

export const priceRuleSchema = z.object({
  kind: z.enum(priceRuleKinds),
  amount: z.number().check(z.gte(0), z.lte(QUOTE_PRICE_MAX)),
});
export type PriceRule = z.infer<typeof priceRuleSchema>;

export const quoteChoiceSchema = z.object({
  id: idSchema,
  name: nameSchema,
  /** The swatch and the colour the bound parts take on the model (`#rrggbb`). */
  colour: z.string().check(z.regex(/^#[0-9a-f]{6}$/i)),
  /** The board material (or hardware name) the workshop uses for it; '' keeps the model's. */
  board: z.string().check(z.trim(), z.maxLength(100)),
  price: priceRuleSchema,
  /** A texture image of the finish (a wood grain), uploaded to the project (quoteTexture.ts); the colour stands for it until it is drawn. */
  texture: z.optional(z.string().check(z.regex(TEXTURE_ID))),
});
export type QuoteChoice = z.infer<typeof quoteChoiceSchema>;

export const quoteGroupSchema = z.object({
  id: idSchema,
  name: nameSchema,
  /** Which parts it changes: board parts of this material, or hardware of this display name (accents and case aside). */
  bind: z.object({ kind: z.enum(['material', 'hardware']), name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
  /** The first is the model's own. */
  choices: z.array(quoteChoiceSchema).check(z.minLength(1), z.maxLength(QUOTE_CHOICES_MAX)),
});
export type QuoteGroup = z.infer<typeof quoteGroupSchema>;

export const quoteOptionsSchema = z.object({
  groups: z.array(quoteGroupSchema).check(z.maxLength(QUOTE_GROUPS_MAX)),
  /** Days a quote stays valid from the day it is printed. */
  validityDays: z._default(z.int().check(z.gte(1), z.lte(365)), 30),
});
export type QuoteOptions = z.infer<typeof quoteOptionsSchema>;

/** A group's line in an estimate: its chosen choice priced on the parts the group binds (quotePrice.ts). */
export const optionLineSchema = z.object({
  group: z.string(),
  groupName: z.string(),
  choice: z.string(),
  choiceName: z.string(),
  rule: z.enum(priceRuleKinds),
  /** m², parts (or items), or 1 for a fixed price. */
  quantity: z.number(),
  unit: z.enum(['m2', 'part', 'job']),
  unitPrice: z.number(),
  amount: z.number(),
  /** This line's amount less the model's own choice's. */
  difference: z.number(),
});
export type OptionLine = z.infer<typeof optionLineSchema>;

export const NO_QUOTE_OPTIONS: QuoteOptions = { groups: [], validityDays: 30 };

/** Group id -> choice id. */
export type QuoteSelection = Readonly<Record<string, string>>;

export const quoteSelectionSchema = z.record(idSchema, idSchema);

export type QuoteOptionsProblemCode = 'duplicateGroup' | 'duplicateChoice' | 'bindsNothing';

export interface QuoteOptionsProblem {
  code: QuoteOptionsProblemCode;
  /** The group's name. */
  group: string;
  /** The choice's name, for a repeated choice. */
  choice?: string;
}

/**
 * What one field cannot say alone: ids repeated, and (given what the model holds) a group bound to
 * no part. `bound(group)` counts the group's parts in the current revision.
 */
export function quoteOptionsProblems(options: QuoteOptions, bound?: (group: QuoteGroup) => number): QuoteOptionsProblem[] {
  const problems: QuoteOptionsProblem[] = [];
  const groups = new Set<string>();
  for (const group of options.groups) {
    if (groups.has(group.id)) problems.push({ code: 'duplicateGroup', group: group.name });
    groups.add(group.id);
    const choices = new Set<string>();
    for (const choice of group.choices) {
      if (choices.has(choice.id)) problems.push({ code: 'duplicateChoice', group: group.name, choice: choice.name });
      choices.add(choice.id);
    }
    if (bound && bound(group) === 0) problems.push({ code: 'bindsNothing', group: group.name });
  }
  return problems;
}

/** The choice a selection makes in a group: the selected one, else the model's own. */
export function chosenIn(group: QuoteGroup, selection: QuoteSelection): QuoteChoice {
  const id = selection[group.id];
  return group.choices.find((c) => c.id === id) ?? group.choices[0];
}

/**
 * The selection kept only where it names a group and one of its choices other than the model's
 * own (what differs from the model), in the groups' order.
 */
export function normalSelection(options: QuoteOptions, selection: QuoteSelection): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const group of options.groups) {
    const id = selection[group.id];
    if (id !== undefined && group.choices.some((c, i) => i > 0 && c.id === id)) kept[group.id] = id;
  }
  return kept;
}

/** `fronts.white,carcass.grey` -> {fronts: 'white', carcass: 'grey'}; malformed pairs are skipped. */
export function parseSelection(value: string | null | undefined): Record<string, string> {
  const selection: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const match = /^([a-z0-9][a-z0-9-]{0,31})\.([a-z0-9][a-z0-9-]{0,31})$/.exec(pair.trim());
    if (match) selection[match[1]] = match[2];
  }
  return selection;
}

export function formatSelection(selection: QuoteSelection): string {
  return Object.entries(selection)
    .map(([group, choice]) => `${group}.${choice}`)
    .join(',');
}

/** A word of a name as an id: lower case, accents dropped, other characters as dashes. */
export function idOfName(name: string, taken: ReadonlySet<string> = new Set()): string {
  const base =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 28) || 'option';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** The options a project offers: its own, or while it has none, the workshop's defaults. */
export function optionsInForce(own: QuoteOptions, defaults: QuoteOptions | undefined): { options: QuoteOptions; defaults: boolean } {
  return own.groups.length === 0 && defaults && defaults.groups.length > 0 ? { options: defaults, defaults: true } : { options: own, defaults: false };
}

/** Options as the workshop keeps them for every project: without textures (a texture belongs to one project). */
export function withoutTextures(options: QuoteOptions): QuoteOptions {
  return { ...options, groups: options.groups.map((g) => ({ ...g, choices: g.choices.map(({ texture: _texture, ...choice }) => choice) })) };
}
