/**
 * The GLSL shaders of StandardMaterial and LinesMesh, bundled into the engine chunk instead of
 * being fetched one include at a time on the first frame.
 */
import '@babylonjs/core/Shaders/default.vertex';
import '@babylonjs/core/Shaders/default.fragment';
import '@babylonjs/core/Shaders/color.vertex';
import '@babylonjs/core/Shaders/color.fragment';
