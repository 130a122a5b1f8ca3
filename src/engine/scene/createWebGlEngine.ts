/** The Babylon.js WebGL engine of a viewer canvas. */
import { Engine } from '@babylonjs/core/Engines/engine';
import { Logger } from '@babylonjs/core/Misc/logger';
import { withoutUnusedExtensions } from './unusedExtensions';

export function createWebGlEngine(canvas: HTMLCanvasElement, antialias: boolean): Engine {
  // Warnings and errors only: Babylon's banner (its version, also written on the canvas's
  // data-engine attribute) would cost a console write on the way to the first frame.
  Logger.LogLevels = Logger.WarningLogLevel | Logger.ErrorLogLevel;
  return withoutUnusedExtensions(() => new Engine(canvas, antialias, { stencil: false, preserveDrawingBuffer: false, powerPreference: 'high-performance' }, true));
}
