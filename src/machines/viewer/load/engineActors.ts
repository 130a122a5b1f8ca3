/**
 * The actors that reach the engine, bound to a screen's engine slot: the model load (with
 * progress) for the viewer machine, the command/event bridge for `viewerToolsMachine`, the
 * step applier for `noticeMachine` and the unit follower of the viewer machine.
 */
import { fromCallback } from 'xstate';
import type { EnginePort, EngineSlot } from './enginePort';
import type { NoticeEngineCommand, ShowStepEvent } from '../tools/noticeMachine';
import type { DistanceUnit } from '../../../api/schemas';
import type { SettingsActor } from '../../appActors';
import { statusOf, type ModelLoadEvent } from './viewerLoad';
import type { EngineCommand, EngineEvent } from '../tools/viewerToolsMachine';
import type { CameraState, RenderMode } from '../viewerTypes';

/** The load failure as the viewer machine reads it: the message, and the HTTP status of a failed download. */
function loadFailed(error: unknown): ModelLoadEvent {
  const status = statusOf(error);
  return { type: 'load.failed', error: error instanceof Error ? error.message : String(error), ...(status === undefined ? {} : { status }) };
}

export function createLoadModelActor(slot: EngineSlot) {
  return fromCallback<ModelLoadEvent, { modelUrl: string }>(({ input, sendBack }) => {
    const abort = new AbortController();
    let unsubscribe = () => {};
    void slot.ready().then(async (engine) => {
      if (abort.signal.aborted) return;
      unsubscribe = engine.onProgress.subscribe((progress) => sendBack({ type: 'load.progress', progress }));
      try {
        const model = await engine.load(input.modelUrl, { signal: abort.signal });
        if (!abort.signal.aborted) sendBack({ type: 'load.done', model });
      } catch (error) {
        if (!abort.signal.aborted) sendBack(loadFailed(error));
      }
    }, (error: unknown) => {
      // The engine never started (no WebGL): not the model's fault.
      if (!abort.signal.aborted) sendBack({ ...loadFailed(error), noEngine: true });
    });
    return () => {
      abort.abort();
      unsubscribe();
    };
  });
}

function apply(engine: EnginePort, command: EngineCommand): EngineEvent | null {
  switch (command.type) {
    case 'renderMode':
      engine.setRenderMode(command.mode);
      return null;
    case 'measureActive':
      engine.setMeasureActive(command.active);
      if (!command.active) engine.clearMeasure();
      return null;
    case 'clipping':
      return { type: 'engine.clipping', clipping: engine.setClipping(command.settings) };
    case 'cameraView':
      engine.setCameraView(command.view);
      return null;
    case 'resetCamera':
      engine.resetCamera();
      return null;
    case 'selection':
      engine.setSelection(command.ids);
      return null;
    case 'frame':
      engine.zoomToFit(command.ids);
      return null;
    case 'debugCamera':
      engine.setDebugCamera(command.enabled);
      return null;
    case 'visibility':
      if (command.isVisible) engine.show(command.ids);
      else engine.hide(command.ids);
      return null;
    case 'explode':
      engine.setExplode(command.factor);
      return null;
    case 'frameInsets':
      engine.setFrameInsets(command.insets);
      return null;
    case 'workshopTool':
      engine.setWorkshopTool(command.tool);
      return null;
    case 'keepMeasure':
      engine.keepMeasure();
      return null;
    case 'clearWorkshopMeasure':
      engine.clearWorkshopMeasure(command.id);
      return null;
    case 'measureOverall':
      engine.measureOverall(command.ids, { wholeCabinet: true });
      return null;
    case 'lengthFormat':
      engine.setLengthFormat(command.format);
      return null;
    case 'sectionBox':
      return { type: 'engine.sectionBox', sectionBox: engine.setSectionBox({ enabled: command.enabled }) };
    case 'sectionAround':
      return { type: 'engine.sectionBox', sectionBox: engine.sectionAround(command.ids, { wholeCabinet: true, frame: command.frame }) };
  }
}

export function createEngineBridgeActor(slot: EngineSlot) {
  return fromCallback<EngineCommand, { renderMode: RenderMode }>(({ input, sendBack, receive }) => {
    let stopped = false;
    const queue: EngineCommand[] = [];
    const subscriptions: Array<() => void> = [];
    receive((command) => {
      const engine = slot.get();
      if (!engine) {
        queue.push(command);
        return;
      }
      const event = apply(engine, command);
      if (event) sendBack(event);
    });
    void slot.ready().then((engine) => {
      if (stopped) return;
      subscriptions.push(
        engine.onPick.subscribe(({ partId }) => sendBack({ type: 'engine.pick', partId })),
        engine.onMeasure.subscribe((measurement) => sendBack({ type: 'engine.measure', measurement })),
        engine.onClippingChange.subscribe((clipping) => sendBack({ type: 'engine.clipping', clipping })),
        engine.onUserCameraMove.subscribe(() => sendBack({ type: 'engine.userCameraMove' })),
        engine.onVisibilityChange.subscribe(({ changes }) => sendBack({ type: 'engine.visibility', changes })),
        engine.onDisplayChange.subscribe(({ renderMode, explode }) => sendBack({ type: 'engine.display', renderMode, explode })),
        engine.onSectionBoxChange.subscribe((sectionBox) => sendBack({ type: 'engine.sectionBox', sectionBox })),
        engine.onWorkshopMeasures.subscribe((measures) => sendBack({ type: 'engine.workshop', measures })),
      );
      engine.setRenderMode(input.renderMode);
      sendBack({ type: 'engine.clipping', clipping: engine.getClipping() });
      for (const command of queue.splice(0)) {
        const event = apply(engine, command);
        if (event) sendBack(event);
      }
    }, () => {});
    return () => {
      stopped = true;
      subscriptions.forEach((unsubscribe) => unsubscribe());
    };
  });
}

/**
 * Applies notice steps to the engine (SPEC §4): isolate the step's parts; restore the camera the
 * user left on that step, else frame the parts unless `noMoveCamera`; flash them unless
 * `noFlash`. When the user moved the camera while a step was shown, the camera is stored for that
 * step as it is when the step is left (not where the move began): `notice.cameraStored` with the
 * step's index, sent before the next step is applied. Stopping (notice mode ends) shows every
 * part again and frames them.
 */
export function createNoticeEngineActor(slot: EngineSlot) {
  return fromCallback<NoticeEngineCommand>(({ sendBack, receive }) => {
    let stopped = false;
    /** The step on screen, or null outside notice mode. */
    let shown: ShowStepEvent | null = null;
    /** The user moved the camera since `shown` was applied. */
    let moved = false;
    let pending: NoticeEngineCommand | null = null;
    let unsubscribe = () => {};
    const leaveStep = (engine: EnginePort) => {
      if (shown && moved) sendBack({ type: 'notice.cameraStored', index: shown.index, camera: engine.getCameraState() satisfies CameraState });
      moved = false;
    };
    const apply = (engine: EnginePort, command: NoticeEngineCommand) => {
      leaveStep(engine);
      if (command.type === 'notice.ended') {
        if (shown) {
          engine.stopFlash();
          engine.showAll();
          // The camera was framed on the step's parts: frame the whole model again (SPEC §2: a
          // click in the tree ends the filter), unless the URL asked the steps not to move it.
          if (shown.moveCamera) engine.resetCamera();
        }
        shown = null;
        return;
      }
      engine.isolate(command.ids, { moveCamera: command.moveCamera && command.camera === null });
      if (command.camera) engine.setCameraState(command.camera);
      if (command.flash && command.ids.length > 0) engine.flash(command.ids);
      shown = command;
    };
    receive((command) => {
      const engine = slot.get();
      if (engine) apply(engine, command);
      else pending = command;
    });
    void slot.ready().then(
      (engine) => {
        if (stopped) return;
        unsubscribe = engine.onUserCameraMove.subscribe(() => {
          if (shown) moved = true;
        });
        if (pending) apply(engine, pending);
        pending = null;
      },
      () => {},
    );
    return () => {
      stopped = true;
      unsubscribe();
    };
  });
}

/** Keeps the engine's distance unit the user's: once the engine exists, then on every change. */
export function createFollowUnitActor(slot: EngineSlot, settings: Pick<SettingsActor, 'getSnapshot' | 'subscribe'>) {
  return fromCallback(() => {
    let applied: DistanceUnit | null = null;
    const apply = () => {
      const engine = slot.get();
      const unit = settings.getSnapshot().context.unit;
      if (!engine || unit === applied) return;
      applied = unit;
      engine.setUnit(unit);
    };
    let stopped = false;
    void slot.ready().then(() => !stopped && apply(), () => {});
    const subscription = settings.subscribe(apply);
    return () => {
      stopped = true;
      subscription.unsubscribe();
    };
  });
}
