/**
 * A project's quote as the routes need it: the current revision's workshop parts, the owner's
 * settings and the project's options, priced for a selection by the one rule of
 * src/model/quote/quotePrice.ts (the estimate, the quote PDF and an approval's total all come from
 * here); and the approvals a change of options or prices reopens.
 */
import * as z from 'zod/mini';
import { ApiError, parseInput } from './errors';
import { partTreeOf } from './partsLists';
import type { ProjectScope } from './projectScope';
import { OPTIONS_CHANGED, type ApprovedQuote } from '../../src/api/quoteSchemas';
import type { PackingMode } from '../../src/model/cutting/packing';
import { workshopPartsOf, type WorkshopParts } from '../../src/model/cutting/workshopParts';
import type { WorkshopSettings } from '../../src/model/cutting/workshopSettings';
import { chosenIn, normalSelection, optionsInForce, parseSelection, type QuoteOptions, type QuoteSelection } from '../../src/model/quote/quoteOptions';
import { boundCount, quoteOf, type Quote } from '../../src/model/quote/quotePrice';
import { findOwnedProject } from '../db/projects';
import { findQuoteOptions, listQuoteApprovedProjects, reopenApproval } from '../db/quotes';
import { findWorkshopSettings } from '../db/workshopSettings';
import type { Db } from '../db/database';
import type { BlobStore } from '../storage/blobStore';

export const selectionQuerySchema = z.object({
  mode: z._default(z.enum(['guillotine', 'free']), 'guillotine'),
  options: z.optional(z.string().check(z.maxLength(2000))),
});

export interface ProjectQuote {
  settings: WorkshopSettings;
  options: QuoteOptions;
  parts: WorkshopParts;
  /** The selection as it counts: only groups offered and choices other than the model's own. */
  selection: Record<string, string>;
  quote: Quote;
}

/** Only the groups that bind a part of this revision are offered (a group bound to nothing changes nothing). */
export function offeredOptions(options: QuoteOptions, parts: WorkshopParts): QuoteOptions {
  return { ...options, groups: options.groups.filter((g) => boundCount(g, parts) > 0) };
}

/** The quote of the scope's current revision for a selection (`?options=` of the request, or given). */
export async function projectQuote(services: { db: Db; blobs: BlobStore }, scope: ProjectScope, selection: QuoteSelection, mode: PackingMode = 'guillotine'): Promise<ProjectQuote> {
  const { db, blobs } = services;
  const [settings, stored, tree] = await Promise.all([findWorkshopSettings(db, scope.project.ownerId), findQuoteOptions(db, scope.project.id), partTreeOf(blobs, scope)]);
  const parts = workshopPartsOf(tree, settings);
  const inForce = optionsInForce(stored, settings.quoteOptions).options;
  // A link without options prices the model as it is.
  const options = scope.via === 'link' && !scope.project.shareOptions.isOptionsAvailable ? { ...inForce, groups: [] } : offeredOptions(inForce, parts);
  const kept = normalSelection(options, selection);
  return { settings, options, parts, selection: kept, quote: quoteOf(parts, settings, options, kept, mode) };
}

/** The request's `?options=` and `?mode=`. */
export function selectionOf(query: unknown): { selection: Record<string, string>; mode: PackingMode } {
  const { options, mode } = parseInput(selectionQuerySchema, query ?? {});
  return { selection: parseSelection(options), mode };
}

/** What an approval records of a quote. */
export function approvedQuoteOf(priced: ProjectQuote): ApprovedQuote {
  return {
    choices: priced.selection,
    names: priced.options.groups.map((g) => ({ group: g.name, choice: chosenIn(g, priced.selection).name })),
    total: priced.quote.total,
    currency: priced.settings.currency,
  };
}

/** An approval naming a group or choice no longer offered: the options changed since the client chose. */
export function checkChoicesOffered(options: QuoteOptions, selection: QuoteSelection): void {
  for (const [group, choice] of Object.entries(selection)) {
    const offered = options.groups.find((g) => g.id === group);
    if (!offered || !offered.choices.some((c) => c.id === choice)) {
      throw new ApiError(409, OPTIONS_CHANGED, 'The options changed since you chose. Reload the page to see them.');
    }
  }
}

/**
 * Reopens the approval of each of these projects whose approved choices no longer exist or no
 * longer cost the approved total (options or prices changed). Answers the ids reopened.
 */
export async function reopenChangedQuotes(services: { db: Db; blobs: BlobStore }, ownerId: number, projectIds: readonly number[], nowSeconds: number): Promise<number[]> {
  const reopened: number[] = [];
  for (const id of projectIds) {
    const project = await findOwnedProject(services.db, id, ownerId);
    const approved = project?.approval?.quote;
    if (!project || !approved || project.approval?.revisionNumber !== project.revisionNumber) continue;
    let changed: boolean;
    try {
      const priced = await projectQuote(services, { project, via: 'owner', viewer: { userId: ownerId, guestId: null } }, approved.choices);
      changed = !sameChoices(priced.selection, approved.choices) || priced.quote.total !== approved.total || priced.settings.currency !== approved.currency;
    } catch {
      continue;
    }
    if (changed && (await reopenApproval(services.db, { projectId: id, revisionNumber: project.revisionNumber, nowSeconds }))) reopened.push(id);
  }
  return reopened;
}

/** Whether two selections make the same choices. */
export const sameChoices = (a: QuoteSelection, b: QuoteSelection) => Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([g, c]) => b[g] === c);

/** After the owner's prices changed: every project of theirs approved on options is checked. */
export async function reopenQuotesOfOwner(services: { db: Db; blobs: BlobStore }, ownerId: number, nowSeconds: number): Promise<number[]> {
  return reopenChangedQuotes(services, ownerId, await listQuoteApprovedProjects(services.db, ownerId), nowSeconds);
}
