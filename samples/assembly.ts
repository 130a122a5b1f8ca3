/**
 * The in-memory form of a generated cabinet assembly, shared by every writer
 * (STEP, DXF, DAE, VOK, GLB) so that each format carries the same parts.
 *
 * Units: millimetres. Axes: X = width (left to right), Y = height (up), Z = depth (towards the viewer).
 */
export interface AssemblyBox {
  /** Size along X, Y, Z in millimetres. */
  size: [number, number, number];
  /** Minimum corner in the parent's space, millimetres. */
  origin: [number, number, number];
}

export interface AssemblyNode {
  /** Encoded name: `Display name+Dimensions|Extra info` (see src/model/parts/partName.ts). */
  name: string;
  /** Leaf parts have a box; groups (cabinets) have children. */
  box?: AssemblyBox;
  /** Groups only: translation of the group's space in its parent's space, millimetres. */
  offset?: [number, number, number];
  /** A material key; parts with the same key share one material. */
  material?: string;
  children: AssemblyNode[];
}

export interface Assembly {
  name: string;
  root: AssemblyNode;
  /** Number of leaf parts. */
  partCount: number;
  materials: Record<string, [number, number, number]>;
}
