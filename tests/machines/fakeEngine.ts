/** A fake viewer engine for the engine actors' tests: every command a spy, every event an emitter the test fires. */
import { vi } from 'vitest';
import type { EnginePort } from '../../src/machines/viewer/load/enginePort';
import type { PickEvent } from '../../src/machines/viewer/viewerTypes';

function emitter<T>() {
  const listeners = new Set<(value: T) => void>();
  return { subscribe: (l: (value: T) => void) => (listeners.add(l), () => listeners.delete(l)), emit: (v: T) => listeners.forEach((l) => l(v)) };
}

export function fakeEngine() {
  const clipping = { enabled: false, axis: 'x' as const, inverted: false, position: 0, unit: 'mm' as const, max: 100, step: 0.1 };
  const events = {
    progress: emitter<never>(),
    pick: emitter<PickEvent>(),
    measure: emitter<never>(),
    move: emitter<void>(),
    clip: emitter<typeof clipping>(),
    visibility: emitter<{ changes: Array<{ id: string; isVisible: boolean }> }>(),
    display: emitter<{ renderMode: 'solid' | 'xray' | 'wireframe' | 'illustration'; explode: number }>(),
    sectionBox: emitter<ReturnType<EnginePort['getSectionBox']>>(),
    workshop: emitter<ReturnType<EnginePort['getWorkshopMeasures']>>(),
  };
  const sectionBox = { enabled: false, box: { min: [0, 0, 0] as const, max: [1, 1, 1] as const }, around: null };
  const measures = { tool: null, current: null, kept: [], format: 'mm' as const };
  let camera = { version: 1 as const, view: 'free' as const, position: [0, 0, 3] as [number, number, number], target: [0, 0, 0] as [number, number, number], orthoHalfHeight: null };
  const engine = {
    onProgress: events.progress,
    onPick: events.pick,
    onMeasure: events.measure,
    onUserCameraMove: events.move,
    onClippingChange: events.clip,
    onVisibilityChange: events.visibility,
    onDisplayChange: events.display,
    load: vi.fn(async () => ({ tree: { roots: [], nodes: {} }, partCount: 0, bounds: { min: [0, 0, 0] as const, max: [1, 1, 1] as const } })),
    setRenderMode: vi.fn(),
    getRenderMode: () => 'solid' as const,
    getModel: () => null,
    getMeasurement: () => ({ points: [], unit: 'mm' as const, vector: null, length: null }),
    showMeasurement: vi.fn(),
    setViewState: vi.fn(),
    getPartVisibility: () => ({ shown: [], hidden: [] }),
    getExplode: () => 0,
    setUnit: vi.fn(),
    setClipping: vi.fn((s) => ({ ...clipping, ...s })),
    getClipping: () => clipping,
    setMeasureActive: vi.fn(),
    clearMeasure: vi.fn(),
    setCameraView: vi.fn(),
    resetCamera: vi.fn(),
    setSelection: vi.fn(),
    zoomToFit: vi.fn(),
    isolate: vi.fn(),
    show: vi.fn(),
    hide: vi.fn(),
    showAll: vi.fn(),
    flash: vi.fn(),
    stopFlash: vi.fn(),
    setTints: vi.fn(),
    setPartColours: vi.fn(),
    setExplode: vi.fn(),
    setFrameInsets: vi.fn(),
    hasUserMovedCamera: () => false,
    getCameraState: () => camera,
    setCameraState: vi.fn(),
    setDebugCamera: vi.fn(),
    onSectionBoxChange: events.sectionBox,
    onWorkshopMeasures: events.workshop,
    setSectionBox: vi.fn((s: { enabled?: boolean }) => ({ ...sectionBox, ...s })),
    sectionAround: vi.fn((ids?: readonly string[]) => ({ ...sectionBox, enabled: true, around: ids?.length ? [...ids] : null })),
    getSectionBox: () => sectionBox,
    setWorkshopTool: vi.fn(),
    measureOverall: vi.fn(() => null),
    keepMeasure: vi.fn(() => null),
    clearWorkshopMeasure: vi.fn(),
    getWorkshopMeasures: () => measures,
    setLengthFormat: vi.fn(),
    project: () => ({ x: 0, y: 0, inView: true }),
  } satisfies EnginePort;
  const moveCamera = (x: number) => {
    camera = { ...camera, position: [x, 0, 3] };
    events.move.emit();
  };
  /** A drag as the engine reports it: the move is announced when it starts, the camera goes on moving. */
  const dragCamera = (x: number) => {
    events.move.emit();
    camera = { ...camera, position: [x, 0, 3] };
  };
  return { engine, events, moveCamera, dragCamera };
}
