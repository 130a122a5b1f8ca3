/**
 * "View in your room" in the page itself, where the browser offers WebXR's `immersive-ar` and the
 * device has no AR viewer of its own to hand the files to (no Quick Look, no Scene Viewer: a
 * headset's browser, an Android browser other than Chrome's intent handling). Babylon.js's WebXR:
 * the link's AR GLB (metres, origin at the middle of its floor footprint, facing the viewer: made
 * by the server for the phones' viewers) is loaded by the glTF loader into a scene of its own on a
 * full-screen canvas; a ring follows WebXR's hit test on the floor, and a tap (XR `select`, or the
 * page's Place button) puts the model there at true size, turned to face the user. The DOM overlay
 * (where the browser offers it) shows the page's own hint, the model's overall size and the exit.
 *
 * Its own chunk: nothing of WebXR or the glTF loader is downloaded before the user asks for AR.
 */
import { Engine } from '@babylonjs/core/Engines/engine';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight';
import { DirectionalLight } from '@babylonjs/core/Lights/directionalLight';
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader';
import { Color3, Color4 } from '@babylonjs/core/Maths/math.color';
import { Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector';
import { CreateTorus } from '@babylonjs/core/Meshes/Builders/torusBuilder';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Scene } from '@babylonjs/core/scene';
import { WebXRDomOverlay } from '@babylonjs/core/XR/features/WebXRDOMOverlay';
import { WebXRHitTest } from '@babylonjs/core/XR/features/WebXRHitTest';
import { WebXRExperienceHelper } from '@babylonjs/core/XR/webXRExperienceHelper';
import { WebXRState } from '@babylonjs/core/XR/webXRTypes';
import '@babylonjs/loaders/glTF/2.0';

export interface RoomAr {
  /** The model's overall size in metres (width, height, depth), once loaded. */
  size: readonly [number, number, number];
  /** Puts the model where the ring is (what a tap does). */
  place(): void;
  /** Leaves AR; `ended` then resolves. */
  exit(): Promise<void>;
  /** Resolves when the session ended, whoever ended it (the user, the system). */
  ended: Promise<void>;
}

/**
 * Starts AR with the GLB at `glbUrl`, `overlay` shown over the camera's picture (kept in the page
 * where the browser has no DOM overlay). Rejects when the file cannot be read or the browser
 * refuses the session; everything made is then gone again.
 */
export async function startRoomAr(glbUrl: string, overlay: HTMLElement): Promise<RoomAr> {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.dataset.roomAr = 'true';
  canvas.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;z-index:40;touch-action:none';
  document.body.appendChild(canvas);
  const engine = new Engine(canvas, true, { stencil: false, preserveDrawingBuffer: false, xrCompatible: true }, true);
  const scene = new Scene(engine);
  // The camera's picture of the room shows through.
  scene.clearColor = new Color4(0, 0, 0, 0);
  const dispose = () => {
    engine.stopRenderLoop();
    scene.dispose();
    engine.dispose();
    canvas.remove();
  };
  try {
    new HemisphericLight('sky', new Vector3(0, 1, 0), scene).groundColor = new Color3(0.35, 0.33, 0.3);
    new DirectionalLight('key', new Vector3(-0.4, -1, -0.6), scene).intensity = 0.6;
    const container = await LoadAssetContainerAsync(glbUrl, scene, { pluginExtension: '.glb' });
    container.addAllToScene();
    const root = container.meshes.find((mesh) => mesh.parent === null) ?? container.meshes[0];
    if (!root) throw new Error('The AR file holds no model.');
    const { min, max } = root.getHierarchyBoundingVectors(true);
    const size = [max.x - min.x, max.y - min.y, max.z - min.z] as const;
    root.setEnabled(false);
    root.rotationQuaternion ??= Quaternion.Identity();
    const baseRotation = root.rotationQuaternion.clone();

    // Where the floor is under the middle of the screen.
    const ring = CreateTorus('floor-ring', { diameter: 0.3, thickness: 0.015, tessellation: 48 }, scene);
    const ringMaterial = new StandardMaterial('floor-ring', scene);
    ringMaterial.emissiveColor = new Color3(0.976, 0.451, 0.086);
    ringMaterial.disableLighting = true;
    ring.material = ringMaterial;
    ring.isVisible = false;
    ring.rotationQuaternion = new Quaternion();

    const helper = await WebXRExperienceHelper.CreateAsync(scene);
    const hitTest = helper.featuresManager.enableFeature(WebXRHitTest, 'latest', {}, true, false) as WebXRHitTest;
    helper.featuresManager.enableFeature(WebXRDomOverlay, 'latest', { element: overlay }, true, false);
    hitTest.onHitTestResultObservable.add((results) => {
      const hit = results[0];
      ring.isVisible = hit !== undefined;
      if (!hit) return;
      ring.position.copyFrom(hit.position);
      ring.rotationQuaternion!.copyFrom(hit.rotationQuaternion);
    });

    const place = () => {
      if (!ring.isVisible) return;
      root.position.copyFrom(ring.position);
      // Facing the user: the model's front (+Z in glTF, turned by the loader) towards the camera.
      const camera = scene.activeCamera;
      const yaw = camera ? Math.atan2(camera.globalPosition.x - ring.position.x, camera.globalPosition.z - ring.position.z) : 0;
      root.rotationQuaternion = Quaternion.RotationAxis(Vector3.Up(), yaw).multiply(baseRotation);
      root.setEnabled(true);
    };

    let ended!: () => void;
    const endedPromise = new Promise<void>((resolve) => (ended = resolve));
    helper.onStateChangedObservable.add((state) => {
      if (state !== WebXRState.NOT_IN_XR) return;
      dispose();
      ended();
    });
    await helper.enterXRAsync('immersive-ar', 'local-floor', undefined, { optionalFeatures: ['dom-overlay', 'hit-test'] });
    helper.sessionManager.session.addEventListener('select', place);
    engine.runRenderLoop(() => scene.render());
    return {
      size,
      place,
      exit: async () => {
        await helper.exitXRAsync();
        await endedPromise;
      },
      ended: endedPromise,
    };
  } catch (error) {
    dispose();
    throw error;
  }
}
