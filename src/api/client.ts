/** The typed API client: one function per call of SPEC §7. */

import { forgetOwnerFiles } from './ownerCaches';
import type * as z from 'zod/mini';
import { createHttp, type HttpOptions } from './http';
import { bulkDeleteResultSchema, type BulkDeleteTarget } from './noteSchemas';
import { estimateSchema } from '../model/cutting/estimate';
import { workshopSettingsSchema, type WorkshopSettings } from '../model/cutting/workshopSettings';
import { namedTreeSchema } from '../model/parts/partsList';
import { machiningListSchema } from '../model/machining/machiningList';
import { formatSelection, quoteOptionsSchema, type QuoteOptions, type QuoteSelection } from '../model/quote/quoteOptions';
import { linkQuoteSchema, projectQuoteSchema, uploadedTextureSchema } from './quoteSchemas';
import { reviewCalls } from './reviewClient';
import {
  attachmentListSchema,
  brandingSchema,
  commentListSchema,
  createdItemSchema,
  loginResponseSchema,
  projectListSchema,
  projectSchema,
  revisionChangesSchema,
  revisionListSchema,
  secureTokenResponseSchema,
  sharedProjectSchema,
  subscriptionPlanListSchema,
  type ApprovalRequest,
  type AttachmentCreate,
  type CommentCreate,
  type LoginRequest,
  type ProjectPatch,
  type Settings,
} from './schemas';

/** A project is reached by its id (owner) or its access key (shared link). */
export type ProjectRef = { id: number } | { accessKey: string };

function projectPath(ref: ProjectRef): string {
  return 'id' in ref ? `projects/${ref.id}` : `projects/accessKeys/${encodeURIComponent(ref.accessKey)}`;
}

/** The machining files a viewer downloads (server/http/machining.ts). */
export type MachiningFile = { kind: 'zip' } | { kind: 'panel' | 'cabinet'; node: string; lang: 'en' | 'fr' };

function machiningFilePath(file: MachiningFile): string {
  if (file.kind === 'zip') return 'machining.zip';
  return `${file.kind === 'panel' ? 'parts' : 'cabinets'}/${encodeURIComponent(file.node)}/drawing.pdf?lang=${file.lang}`;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: HttpOptions) {
  const http = createHttp(options);
  const { call } = http;
  const isLoggedIn = () => options.tokens.get() !== null;
  // On a link the header goes only when logged in.
  const auth = (ref: ProjectRef) => 'id' in ref || isLoggedIn();

  /** The calls of one kind of note, under `{project}/comments` or `{project}/attachments`. */
  function notesCalls<Item extends z.ZodMiniType, Body>(path: string, listSchema: Item) {
    return {
      list: (ref: ProjectRef) => call(`${projectPath(ref)}/${path}`, { auth: auth(ref), schema: listSchema }),
      create: (ref: ProjectRef, body: Body) =>
        call(`${projectPath(ref)}/${path}`, { method: 'POST', json: body, auth: auth(ref), schema: createdItemSchema }),
      remove: (ref: ProjectRef, id: number) => call(`${projectPath(ref)}/${path}/${id}`, { method: 'DELETE', auth: auth(ref) }),
      /** The owner's path only. */
      removeMany: (ref: ProjectRef, target: BulkDeleteTarget) =>
        call(`${projectPath(ref)}/${path}`, { method: 'DELETE', json: target, auth: auth(ref), schema: bulkDeleteResultSchema }),
    };
  }
  const comments = notesCalls<typeof commentListSchema, CommentCreate>('comments', commentListSchema);
  const attachments = notesCalls<typeof attachmentListSchema, AttachmentCreate>('attachments', attachmentListSchema);

  return {
    http,
    login: (body: LoginRequest) => call('auth/login', { method: 'POST', json: body, schema: loginResponseSchema }),
    logout: async () => {
      try {
        await call('auth/logout', { auth: true });
      } finally {
        await forgetOwnerFiles().catch(() => undefined);
      }
    },
    secureToken: () => call('auth/secure-token', { auth: true, schema: secureTokenResponseSchema }),

    listProjects: () => call('projects', { auth: true, schema: projectListSchema }),
    getProject: (id: number) => call(`projects/${id}`, { auth: true, schema: projectSchema }),
    getPartTree: (id: number) => call(`projects/${id}/parts`, { auth: true, schema: namedTreeSchema }),
    patchProject: (id: number, patch: ProjectPatch, signal?: AbortSignal) => call(`projects/${id}`, { method: 'PATCH', json: patch, auth: true, signal }),
    /** GET projects/{id}/export.vok: the project as a .vok package. */
    exportVok: (id: number) => http.blob(`projects/${id}/export.vok`),
    deleteProject: (id: number) => call(`projects/${id}`, { method: 'DELETE', auth: true }),
    listRevisions: (id: number) => call(`projects/${id}/revisions`, { auth: true, schema: revisionListSchema }),
    /** What changed from one revision to another (the current one without `to`). */
    revisionChanges: (id: number, from: number, to?: number) =>
      call(`projects/${id}/revisions/${from}/changes${to === undefined ? '' : `?to=${to}`}`, { auth: true, schema: revisionChangesSchema }),
    restoreRevision: (id: number, revision: number, consumeCredit: boolean, keepApproval = false) =>
      call(`projects/${id}/revisions/${revision}/restore`, {
        method: 'POST',
        json: { ...(consumeCredit ? { consumeCredit } : {}), ...(keepApproval ? { keepApproval } : {}) },
        auth: true,
        schema: projectSchema,
      }),
    getSharedProject: (accessKey: string) =>
      call(`projects/accessKeys/${encodeURIComponent(accessKey)}`, { schema: sharedProjectSchema }),
    approveRevision: (accessKey: string, request: ApprovalRequest) =>
      call(`projects/accessKeys/${encodeURIComponent(accessKey)}/approval`, { method: 'POST', json: request, auth: isLoggedIn(), schema: sharedProjectSchema }),
    sharedLogoUrl: (accessKey: string) => http.urlOf(`projects/accessKeys/${encodeURIComponent(accessKey)}/logo`),

    // Comments and attachments: one set of calls per kind of note.
    listComments: comments.list,
    createComment: comments.create,
    deleteComment: comments.remove,
    deleteComments: comments.removeMany,
    listAttachments: attachments.list,
    createAttachment: attachments.create,
    deleteAttachment: attachments.remove,
    deleteAttachments: attachments.removeMany,

    getBranding: () => call('branding', { auth: true, schema: brandingSchema }),
    getBrandingLogo: (signal?: AbortSignal) => http.blob('branding/logo', signal),
    putBrandingLogo: (file: Blob) => call('branding/logo', { method: 'PUT', body: file, auth: true }),
    deleteBrandingLogo: () => call('branding/logo', { method: 'DELETE', auth: true }),

    // The review: pinned notes, threads, decisions, BCF, the list in pages, live events (reviewClient.ts).
    ...reviewCalls(http, auth),

    getWorkshopSettings: () => call('settings/workshop', { auth: true, schema: workshopSettingsSchema }),
    putWorkshopSettings: (settings: WorkshopSettings) => call('settings/workshop', { method: 'PUT', json: settings, auth: true, schema: workshopSettingsSchema }),
    /** The cost estimate of the current revision (the owner's, or a link's where the owner offers it). */
    getEstimate: (ref: ProjectRef, mode: 'guillotine' | 'free' = 'guillotine', options: QuoteSelection = {}) =>
      call(`${projectPath(ref)}/estimate?mode=${mode}${Object.keys(options).length > 0 ? `&options=${formatSelection(options)}` : ''}`, { auth: auth(ref), schema: estimateSchema }),
    /** The owner's option groups, with the materials and hardware the current revision has to bind. */
    getProjectOptions: (id: number) => call(`projects/${id}/options`, { auth: true, schema: projectQuoteSchema }),
    putProjectOptions: (id: number, options: QuoteOptions) => call(`projects/${id}/options`, { method: 'PUT', json: options, auth: true, schema: projectQuoteSchema }),
    /** The workshop's default quote options (a project with none of its own offers these). */
    putDefaultQuoteOptions: (options: QuoteOptions) => call('settings/workshop/options', { method: 'PUT', json: options, auth: true, schema: quoteOptionsSchema }),
    /** A choice's texture image (the raw file); the answer names it and gives the colour it averages to. */
    putQuoteTexture: (id: number, file: Blob) => call(`projects/${id}/options/textures`, { method: 'PUT', body: file, auth: true, schema: uploadedTextureSchema }),
    /** The options a link offers, and the nodes each colours. */
    getLinkOptions: (accessKey: string) => call(`projects/accessKeys/${encodeURIComponent(accessKey)}/options`, { auth: isLoggedIn(), schema: linkQuoteSchema }),
    /** The quote of a selection as a PDF. */
    quotePdf: (ref: ProjectRef, options: QuoteSelection, lang: 'en' | 'fr') =>
      http.blob(`${projectPath(ref)}/quote.pdf?lang=${lang}${Object.keys(options).length > 0 ? `&options=${formatSelection(options)}` : ''}`),
    getMachining: (ref: ProjectRef) => call(`${projectPath(ref)}/machining.json`, { auth: auth(ref), schema: machiningListSchema }),
    /** A machining file: the job's zip, a panel's or a cabinet's drawing (PDF). */
    machiningFile: (ref: ProjectRef, file: MachiningFile) => http.blob(`${projectPath(ref)}/${machiningFilePath(file)}`),
    patchSettings: (settings: Settings) => call('settings', { method: 'PATCH', json: settings, auth: true }),
    activePlans: () => call('subscriptionPlans/active', { auth: true, schema: subscriptionPlanListSchema }),
  };
}

