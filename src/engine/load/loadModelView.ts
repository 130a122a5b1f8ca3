/**
 * The three loading steps of SPEC §4 for one model URL: download (byte progress), read the
 * resources (geometry, materials), and prepare the render modes (batches, edges, materials).
 * Progress is reported at most once per percent per step.
 */
import type { Scene } from '@babylonjs/core/scene';
import { ModelView } from '../scene/modelView';
import type { CameraState, LoadPhase, LoadProgress } from '../types';
import { takeFirstFrameModel, type FirstFrameModel } from './firstFrameHandoff';
import { abortError, fetchWithProgress, throwIfAborted } from './fetchWithProgress';
import { loadMeshoptDecoder, loadModelSource } from './loadModelSource';
import { partTreeOfGltf } from '../../model/parts/gltfPartTree';

const PHASES: readonly LoadPhase[] = ['model', 'resources', 'renderModes'];

export function progressReporter(emit: (progress: LoadProgress) => void) {
  let last = { phase: '', value: -1 };
  return (phase: LoadPhase, value: number, bytes?: { loaded: number; total: number }): void => {
    const p = Math.min(1, Math.max(0, value));
    if (last.phase === phase && (p === last.value || (p < 1 && p - last.value < 0.01))) return;
    last = { phase, value: p };
    const overall = (PHASES.indexOf(phase) + p) / PHASES.length;
    emit({ phase, progress: p, overall, ...(bytes ? { loadedBytes: bytes.loaded, totalBytes: bytes.total } : {}) });
  };
}

/**
 * Loads `url` into a new ModelView; `isCurrent` turns false when a newer load or dispose superseded
 * this one. `turnedView` gives the view the user turned a link's first frame to, if they did.
 */
export async function loadModelView(
  url: string,
  scene: Scene,
  report: ReturnType<typeof progressReporter>,
  signal: AbortSignal | undefined,
  isCurrent: () => boolean,
  detail: { coarseWhileMovingFrom?: number; fineTriangleBudget?: number } = {},
): Promise<{ view: ModelView; turnedView: () => CameraState | null }> {
  const check = () => {
    throwIfAborted(signal);
    if (!isCurrent()) throw abortError();
  };
  report('model', 0);
  // A shared link's first frame may have downloaded (and read) this model already.
  const handed = takeFirstFrameModel(url);
  // Reading the model here: its decoder's chunk arrives during the download (a failed load is tried again when needed).
  if (!handed) loadMeshoptDecoder().catch(() => undefined);
  const handedBytes = handed ? await handed.bytes.catch(() => null) : null;
  const bytes = handedBytes ?? (await fetchWithProgress(url, (p) => report('model', p.total > 0 ? p.loaded / p.total : 0, p), signal));
  report('model', 1);
  check();
  report('resources', 0);
  const read: FirstFrameModel | null = handed && handedBytes ? await handed.model.catch(() => null) : null;
  const { json, source } = read ?? (await loadModelSource(bytes, scene, (p) => report('resources', p)));
  report('resources', 1);
  check();
  report('renderModes', 0);
  await new Promise((resolve) => setTimeout(resolve, 0));
  check();
  const view = new ModelView(scene, source, partTreeOfGltf(json), read?.built, detail.coarseWhileMovingFrom, detail.fineTriangleBudget);
  try {
    check();
  } catch (error) {
    view.dispose();
    throw error;
  }
  return { view, turnedView: () => handed?.handOverCamera() ?? null };
}
