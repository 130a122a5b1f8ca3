/**
 * An in-memory stand-in for the project calls of the API client, and a controllable upload
 * socket, so views and machines run against the real project machines without a server.
 */
import { fromCallback } from 'xstate';
import { DEFAULT_WORKSHOP_SETTINGS } from '../../src/model/cutting/workshopSettings';
import { decodeCursor, encodeCursor, pageAfter } from '../../src/api/projectPages';
import { visibleProjects } from '../../src/api/projectQuery';
import type { Branding, Project, ProjectPatch, SubscriptionPlan } from '../../src/api/schemas';
import type { ProjectsApi } from '../../src/machines/projects/projectServices';
import type { SocketCommand, SocketEvent, SocketInput } from '../../src/machines/upload/uploadMachine';

export function makeProject(overrides: Partial<Project> & { id: number }): Project {
  return {
    name: `Project ${overrides.id}`,
    accessKey: `key${overrides.id}AbC`,
    currentStage: 'new',
    isPublished: false,
    shareOptions: {
      isHierarchyVisible: true,
      isCommentsVisible: true,
      isAttachmentVisible: true,
      isClippingPlaneAvailable: true,
      isXRayRenderModeAvailable: true,
      isIllustrationRenderModeAvailable: true,
      isWireframeRenderModeAvailable: true,
      isPartsListAvailable: true,
      isApprovalAvailable: false,
      isEstimateAvailable: false,
      isOptionsAvailable: false,
      isArAvailable: true,
    },
    creationDate: new Date(2025, 0, overrides.id, 9, 0),
    modificationDate: new Date(2025, 0, overrides.id, 10, 30),
    revisionNumber: 1,
    modelUrl: `/api/v1/models/${overrides.id}/1.glb`,
    thumbnailUrl: '',
    consumedUpdateCount: 0,
    maxUpdateCount: 3,
    ownerName: 'Ana Martin',
    conversionNotes: [],
    approval: null,
    openNoteCount: 0,
    ...overrides,
  };
}

export interface FakeProjectsApi extends ProjectsApi {
  listProjects(): Promise<Project[]>;
  projects: Project[];
  plans: SubscriptionPlan[];
  branding: Branding;
  calls: { patch: Array<{ id: number; patch: ProjectPatch }>; deleted: number[]; logo: Array<Blob | null>; list: number; get: number[] };
  /** Makes the next calls of a kind fail (a count of failures). */
  failNext: Partial<Record<'list' | 'patch' | 'delete' | 'plans' | 'logo', number>>;
}

export function fakeProjectsApi(initial: Project[] = [], plans: SubscriptionPlan[] = []): FakeProjectsApi {
  const api: FakeProjectsApi = {
    projects: initial.map((p) => ({ ...p })),
    plans,
    branding: { isCustomLogo: false },
    calls: { patch: [], deleted: [], logo: [], list: 0, get: [] },
    failNext: {},
    async listProjects() {
      api.calls.list++;
      maybeFail('list');
      return api.projects.map((p) => ({ ...p }));
    },
    /** The server's paging, over the projects held here, with the list's own query rules. */
    async listProjectPage(query, limit, cursor) {
      api.calls.list++;
      maybeFail('list');
      const visible = visibleProjects(api.projects, query);
      const after = cursor ? decodeCursor(cursor) : undefined;
      const { items, next } = pageAfter(visible, query, limit, after);
      return { items: items.map((p) => ({ ...p })), nextCursor: next ? encodeCursor(next) : null, total: visible.length, all: api.projects.length };
    },
    async getPartTree() {
      return { roots: [], nodes: {} };
    },
    async getWorkshopSettings() {
      return DEFAULT_WORKSHOP_SETTINGS;
    },
    async putWorkshopSettings(settings) {
      return settings;
    },
    async getEstimate() {
      return { currency: 'EUR', revision: 1, lines: [], options: [], total: 0, previous: null };
    },
    async getProjectOptions() {
      return { options: { groups: [], validityDays: 30 }, materials: [], hardware: [], currency: 'EUR', textures: {}, defaults: false };
    },
    async putProjectOptions(_id, options) {
      return { options, materials: [], hardware: [], currency: 'EUR', textures: {}, defaults: false };
    },
    async putDefaultQuoteOptions(options) {
      return options;
    },
    async putQuoteTexture(id) {
      return { texture: '0'.repeat(32), colour: '#808080', url: `/api/v1/projects/${id}/options/textures/${'0'.repeat(32)}` };
    },
    async quotePdf() {
      return new Blob(['%PDF-'], { type: 'application/pdf' });
    },

    async getProject(id) {
      api.calls.get.push(id);
      const project = api.projects.find((p) => p.id === id);
      if (!project) throw new Error('404');
      return { ...project };
    },
    async patchProject(id, patch) {
      api.calls.patch.push({ id, patch });
      maybeFail('patch');
      api.projects = api.projects.map((p) =>
        p.id === id
          ? { ...p, ...patch, shareOptions: { ...p.shareOptions, ...patch.shareOptions }, modificationDate: new Date(2026, 0, 1, 12, 0) }
          : p,
      );
    },
    async deleteProject(id) {
      maybeFail('delete');
      api.calls.deleted.push(id);
      api.projects = api.projects.filter((p) => p.id !== id);
    },
    async activePlans() {
      maybeFail('plans');
      return api.plans;
    },
    async getBranding() {
      return { ...api.branding };
    },
    async getBrandingLogo() {
      return new Blob([api.branding.isCustomLogo ? 'custom' : 'default'], { type: 'image/png' });
    },
    async putBrandingLogo(file) {
      maybeFail('logo');
      api.calls.logo.push(file);
      api.branding = { isCustomLogo: true };
    },
    async deleteBrandingLogo() {
      maybeFail('logo');
      api.calls.logo.push(null);
      api.branding = { isCustomLogo: false };
    },
    async secureToken() {
      return { success: true, secureToken: 'secure-1' };
    },
  };
  function maybeFail(kind: keyof FakeProjectsApi['failNext']) {
    const left = api.failNext[kind] ?? 0;
    if (left > 0) {
      api.failNext[kind] = left - 1;
      throw new Error(`${kind} failed`);
    }
  }
  return api;
}

/** The upload socket as a test drives it: what was sent, what was answered, and a way to reply. */
export interface FakeSocket {
  inputs: SocketInput[];
  commands: SocketCommand[];
  /** Sends a server event to the open socket. */
  reply(event: SocketEvent): void;
  readonly open: boolean;
}

export function fakeUploadSocket() {
  let sendBack: ((event: SocketEvent) => void) | null = null;
  const socket: FakeSocket = {
    inputs: [],
    commands: [],
    reply(event) {
      if (!sendBack) throw new Error('no socket is open');
      sendBack(event);
    },
    get open() {
      return sendBack !== null;
    },
  };
  const logic = fromCallback<SocketCommand, SocketInput>(({ input, sendBack: back, receive }) => {
    socket.inputs.push(input);
    sendBack = back as (event: SocketEvent) => void;
    receive((command) => socket.commands.push(command));
    return () => {
      sendBack = null;
    };
  });
  return { socket, logic };
}
