/** Materials of the generated kitchen: key (also the parts' extra info) -> base colour (linear RGB, 0..1). */
export const sampleMaterials = {
  'Melamine white 18': [0.9, 0.9, 0.88],
  'Maple ply 0_3_4in': [0.86, 0.72, 0.52],
  'Oak veneer 19': [0.62, 0.42, 0.22],
  'Lacquer grey 19': [0.35, 0.37, 0.4],
  'HDF 8': [0.55, 0.45, 0.35],
  'Birch ply 12': [0.82, 0.7, 0.52],
  'Steel nickel plated': [0.7, 0.7, 0.72],
  'Brushed aluminium': [0.8, 0.8, 0.83],
  'Black plastic': [0.04, 0.04, 0.04],
} as const satisfies Record<string, [number, number, number]>;

export type SampleMaterial = keyof typeof sampleMaterials;
