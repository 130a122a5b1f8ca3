/**
 * The engine's lazy entry: import it with `await import('../engine')` so that screens without a
 * viewer load none of Babylon.js. Types can be imported statically from './types'.
 */
export { createViewerEngine } from './createViewerEngine';
export * from './types';
