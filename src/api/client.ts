/** The typed API client: one function per call of SPEC §7. */

import { createHttp, type HttpOptions } from './http';
import {
  attachmentListSchema,
  brandingSchema,
  commentListSchema,
  createdItemSchema,
  loginResponseSchema,
  projectListSchema,
  projectSchema,
  secureTokenResponseSchema,
  sharedProjectSchema,
  subscriptionPlanListSchema,
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

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: HttpOptions) {
  const http = createHttp(options);
  const { call } = http;
  const isLoggedIn = () => options.tokens.get() !== null;

  return {
    http,
    login: (body: LoginRequest) => call('auth/login', { method: 'POST', json: body, schema: loginResponseSchema }),
    logout: () => call('auth/logout', { auth: true }),
    secureToken: () => call('auth/secure-token', { auth: true, schema: secureTokenResponseSchema }),

    listProjects: () => call('projects', { auth: true, schema: projectListSchema }),
    getProject: (id: number) => call(`projects/${id}`, { auth: true, schema: projectSchema }),
    patchProject: (id: number, patch: ProjectPatch) => call(`projects/${id}`, { method: 'PATCH', json: patch, auth: true }),
    deleteProject: (id: number) => call(`projects/${id}`, { method: 'DELETE', auth: true }),
    getSharedProject: (accessKey: string) =>
      call(`projects/accessKeys/${encodeURIComponent(accessKey)}`, { schema: sharedProjectSchema }),
    sharedLogoUrl: (accessKey: string) => http.urlOf(`projects/accessKeys/${encodeURIComponent(accessKey)}/logo`),

    // Comments and attachments: on a link the header goes only when logged in.
    listComments: (ref: ProjectRef) =>
      call(`${projectPath(ref)}/comments`, { auth: 'id' in ref || isLoggedIn(), schema: commentListSchema }),
    createComment: (ref: ProjectRef, body: CommentCreate) =>
      call(`${projectPath(ref)}/comments`, { method: 'POST', json: body, auth: 'id' in ref || isLoggedIn(), schema: createdItemSchema }),
    deleteComment: (ref: ProjectRef, commentId: number) =>
      call(`${projectPath(ref)}/comments/${commentId}`, { method: 'DELETE', auth: 'id' in ref || isLoggedIn() }),
    listAttachments: (ref: ProjectRef) =>
      call(`${projectPath(ref)}/attachments`, { auth: 'id' in ref || isLoggedIn(), schema: attachmentListSchema }),
    createAttachment: (ref: ProjectRef, body: AttachmentCreate) =>
      call(`${projectPath(ref)}/attachments`, { method: 'POST', json: body, auth: 'id' in ref || isLoggedIn(), schema: createdItemSchema }),
    deleteAttachment: (ref: ProjectRef, attachmentId: number) =>
      call(`${projectPath(ref)}/attachments/${attachmentId}`, { method: 'DELETE', auth: 'id' in ref || isLoggedIn() }),

    getBranding: () => call('branding', { auth: true, schema: brandingSchema }),
    getBrandingLogo: (signal?: AbortSignal) => http.blob('branding/logo', signal),
    putBrandingLogo: (file: Blob) => call('branding/logo', { method: 'PUT', body: file, auth: true }),
    deleteBrandingLogo: () => call('branding/logo', { method: 'DELETE', auth: true }),

    patchSettings: (settings: Settings) => call('settings', { method: 'PATCH', json: settings, auth: true }),
    activePlans: () => call('subscriptionPlans/active', { auth: true, schema: subscriptionPlanListSchema }),
  };
}

