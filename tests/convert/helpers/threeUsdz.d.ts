/** The few parts of three.js (a dev dependency without its types installed) the AR tests read a USDZ with. */
declare module 'three' {
  export class Vector3 {
    getComponent(index: number): number;
  }
  export class Object3D {
    isMesh?: boolean;
    updateMatrixWorld(force?: boolean): void;
    traverse(callback: (object: Object3D) => void): void;
  }
  export class Group extends Object3D {}
  export class Box3 {
    min: Vector3;
    max: Vector3;
    setFromObject(object: Object3D): this;
  }
}

declare module 'three/examples/jsm/loaders/USDZLoader.js' {
  import type { Group } from 'three';
  export class USDZLoader {
    parse(buffer: ArrayBuffer): Group;
  }
}
