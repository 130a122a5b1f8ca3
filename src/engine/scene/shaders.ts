/**
 * The GLSL shaders of LinesMesh (surfaces use our own, render/surfaceMaterial.ts), bundled into the engine chunk instead of
 * being fetched one include at a time on the first frame.
 */
import '@babylonjs/core/Shaders/color.vertex';
import '@babylonjs/core/Shaders/color.fragment';
