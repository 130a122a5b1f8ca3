/**
 * The contract of the client's quote (the options themselves and their price rules are shared
 * rules, src/model/quote/):
 *   GET/PUT projects/{id}/options           the owner's option groups, with what the model binds;
 *   GET projects/accessKeys/{key}/options   the groups a link offers (share option `isOptionsAvailable`);
 *   GET .../estimate?options=g.c,...        the estimate of a selection;
 *   GET .../quote.pdf?options=g.c,...&lang= the quote as a PDF;
 *   POST .../approval {name, revisionNumber, options}: the approval of a selection, its total kept.
 */
import * as z from 'zod/mini';
import { quoteOptionsSchema, quoteSelectionSchema } from '../model/quote/quoteOptions';
import { TEXTURE_ID } from '../model/quote/quoteTexture';

/** What an approval was given on: the choices (only those other than the model's own), their names, and the total. */
export const approvedQuoteSchema = z.object({
  choices: quoteSelectionSchema,
  /** Every group's chosen choice by name, in the groups' order. */
  names: z.array(z.object({ group: z.string(), choice: z.string() })),
  total: z.number(),
  currency: z.string(),
});
export type ApprovedQuote = z.infer<typeof approvedQuoteSchema>;

/** What the owner's options editor reads: the options, and the materials and hardware of the current revision to bind. */
export const projectQuoteSchema = z.object({
  options: quoteOptionsSchema,
  /** Board materials with their part counts. */
  materials: z.array(z.object({ name: z.string(), parts: z.int() })),
  /** Hardware by display name with its quantity. */
  hardware: z.array(z.object({ name: z.string(), quantity: z.int() })),
  currency: z.string(),
  /** The address of each texture the options name (texture id -> URL). */
  textures: z._default(z.record(z.string(), z.string()), {}),
  /** Whether `options` are the workshop's defaults (the project has none of its own). */
  defaults: z._default(z.boolean(), false),
});
export type ProjectQuote = z.infer<typeof projectQuoteSchema>;

/** What a link offers: the groups, the currency their prices are in, and the nodes each group colours (group id -> node ids). */
export const linkQuoteSchema = z.object({
  options: quoteOptionsSchema,
  currency: z.string(),
  nodes: z.record(z.string(), z.array(z.string())),
  /** The address of each texture the options name (texture id -> URL). */
  textures: z._default(z.record(z.string(), z.string()), {}),
});
export type LinkQuote = z.infer<typeof linkQuoteSchema>;

/** A group bound to no part of the current revision (400). */
export const OPTION_BINDS_NOTHING = 'option_binds_nothing';
/** Two groups, or two choices of a group, with one id (400). */
export const INVALID_QUOTE_OPTIONS = 'invalid_quote_options';
/** An approval naming a group or choice the link does not offer (409: the options changed). */
export const OPTIONS_CHANGED = 'options_changed';
/** 400: a choice names a texture that was not uploaded to the project. */
export const UNKNOWN_TEXTURE = 'unknown_texture';

/** PUT projects/{id}/options/textures: the texture's id, the colour it averages to (the swatch's) and its address. */
export const uploadedTextureSchema = z.object({ texture: z.string().check(z.regex(TEXTURE_ID)), colour: z.string().check(z.regex(/^#[0-9a-f]{6}$/)), url: z.string() });
export type UploadedTexture = z.infer<typeof uploadedTextureSchema>;
