/** The engine's camera commands (see types.ts): views, framing and the stored camera state, animated unless told not to be. */
import type { ViewerEngine } from '../types';
import type { CameraControl } from './cameraControl';
import type { CameraRig } from './cameraRig';

type CameraCommands = Pick<
  ViewerEngine,
  'setCameraView' | 'getCameraView' | 'resetCamera' | 'zoomToFit' | 'hasUserMovedCamera' | 'getCameraState' | 'setCameraState' | 'setDebugCamera'
>;

export function createCameraCommands(camera: CameraControl, rig: CameraRig): CameraCommands {
  return {
    setCameraView: (next, { animate = true } = {}) => camera.setView(next, animate),
    getCameraView: () => rig.getView(),
    resetCamera: ({ animate = true } = {}) => camera.reset(animate),
    zoomToFit: (ids, { animate = true } = {}) => camera.frame(ids, animate),
    hasUserMovedCamera: () => camera.hasUserMoved,
    getCameraState: () => rig.getState(),
    setCameraState: (state, { animate = true, durationMs } = {}) => camera.setState(state, animate, durationMs),
    setDebugCamera: (enabled) => camera.setDebug(enabled),
  };
}
