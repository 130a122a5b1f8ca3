/**
 * What a viewer loads and how it can fail (SPEC §4, §8): the target (owner, link, sandbox), the
 * project read, the engine's model-load events, and the load error the dialog shows.
 */
import { InvalidResponseError } from '../../../api/errors';
import { ALL_SHARE_OPTIONS, type Project, type SharedProject, type ShareOptions } from '../../../api/schemas';
import type { ModelLoadMessage } from '../../upload/loadingProgress';
import type { LoadPhase, LoadProgress, ModelInfo } from '../viewerTypes';

export type LoadTarget = { kind: 'owner'; id: number } | { kind: 'guest'; accessKey: string } | { kind: 'sandbox'; modelUrl: string };

export type LoadedProject = { kind: 'owner'; project: Project } | { kind: 'guest'; project: SharedProject };

/** `revisions`: the owner's kept revisions. */
export type LeftPanel = 'project' | 'share' | 'hierarchy' | 'revisions';

/** The sandbox shows a model without a project: no hierarchy, comments or hyperlinks. */
export const SANDBOX_PERMISSIONS: ShareOptions = { ...ALL_SHARE_OPTIONS, isHierarchyVisible: false, isCommentsVisible: false, isAttachmentVisible: false };

export type ModelLoadEvent =
  | { type: 'load.progress'; progress: LoadProgress }
  | { type: 'load.done'; model: ModelInfo }
  /** `status`: the HTTP status when the model could not be downloaded; `noEngine`: the 3D engine could not start (no WebGL). */
  | { type: 'load.failed'; error: string; status?: number; noEngine?: boolean };

/** The loading dialog's message for each phase of the model load (SPEC §4). */
export const LOAD_MESSAGES: Record<LoadPhase, ModelLoadMessage> = {
  model: 'loadingModel',
  resources: 'loadingResources',
  renderModes: 'processingRenderModes',
};

/** What the viewer tells its `uploads` child about a model load that is an upload's last step. */
export type UploadLoadReport = { type: 'uploadLoad.progress'; fraction: number; message: ModelLoadMessage } | { type: 'uploadLoad.shown' };

/**
 * Why a project could not be shown (SPEC §8), as the load error dialog says it: a request the
 * server refused or that never arrived, an answer of the wrong shape, a model that cannot be used,
 * a link whose project is gone or no longer shared, or a browser that cannot draw 3D; `detail` is
 * the technical text, folded away in the dialog.
 */
export interface LoadError {
  code: 'requestFailed' | 'unreachable' | 'invalidResponse' | 'invalidProject' | 'linkNotFound' | 'noWebgl';
  status?: number;
  detail: string;
}

/** What a fetch failure carries that matters here. */
export const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : typeof error === 'string' ? error : 'error');

/** The load error of a failed project read or model load. */
export function loadErrorOf(event: { type: string; error?: unknown; status?: number; noEngine?: boolean }): LoadError {
  const detail = messageOf(event.error);
  if (event.type === 'load.failed' && event.noEngine) return { code: 'noWebgl', detail };
  if (event.type === 'load.failed') {
    return event.status === undefined ? { code: 'invalidProject', detail } : { code: 'requestFailed', status: event.status, detail };
  }
  if (event.error instanceof InvalidResponseError) return { code: 'invalidResponse', detail: event.error.detail ? `${detail}: ${event.error.detail}` : detail };
  const status = statusOf(event.error);
  return status === undefined ? { code: 'unreachable', detail } : { code: 'requestFailed', status, detail };
}
