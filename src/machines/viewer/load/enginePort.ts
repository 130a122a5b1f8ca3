/**
 * The slot through which a screen hands its engine, created lazily by the canvas, to the machine
 * actors that need it. `EnginePort`, the part of the engine the machines drive, is declared in the
 * viewer's vocabulary (model/enginePort.ts), which the engine's own interface extends.
 */
import type { EnginePort } from '../../../model/enginePort';

export type { EnginePort };

/** Holds one screen's engine: set by the canvas once created, awaited by the actors. */
export interface EngineSlot {
  set(engine: EnginePort | null): void;
  /** The engine could not be created (no WebGL): waiting actors fail. */
  fail(reason: unknown): void;
  get(): EnginePort | null;
  /** Resolves with the engine once the canvas has created it. */
  ready(): Promise<EnginePort>;
}

export function createEngineSlot(): EngineSlot {
  let engine: EnginePort | null = null;
  let waiters: Array<{ resolve(engine: EnginePort): void; reject(reason: unknown): void }> = [];
  let failure: { reason: unknown } | null = null;
  return {
    set(next) {
      engine = next;
      if (next) {
        const pending = waiters;
        waiters = [];
        pending.forEach((waiter) => waiter.resolve(next));
      }
    },
    fail(reason) {
      failure = { reason };
      const pending = waiters;
      waiters = [];
      pending.forEach((waiter) => waiter.reject(reason));
    },
    get: () => engine,
    ready: () =>
      engine
        ? Promise.resolve(engine)
        : failure
          ? Promise.reject(failure.reason)
          : new Promise((resolve, reject) => waiters.push({ resolve, reject })),
  };
}
