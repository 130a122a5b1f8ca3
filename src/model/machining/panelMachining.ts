/**
 * A panel's machining in its own frame (docs/formats.md, "Machining"): what the converter reads
 * from the B-rep of each part and what the JSON, the DXF files, the drilling CSV and the drawings
 * are written from, on both sides.
 *
 * The frame: the panel lies on the machine's table with its reference face up. z = 0 on the face
 * underneath ('bottom'), z = thickness on the reference face ('top'); x runs along the panel's
 * length from 0 to `length`, y across it from 0 to `width`, right-handed. The edges are 'left'
 * (x = 0), 'right' (x = length), 'front' (y = 0) and 'back' (y = width). The reference face is the
 * large face most operations open on. All values in millimetres.
 */
import * as z from 'zod/mini';

export const PANEL_FACES = ['top', 'bottom', 'left', 'right', 'front', 'back'] as const;
export type PanelFace = (typeof PANEL_FACES)[number];

const mm = z.number().check(z.gte(-100_000), z.lte(100_000));
const faceSchema = z.enum(PANEL_FACES);

/** A drilled hole ('hole') or a wide, shallow bore such as a hinge cup ('cup'). */
export const boreSchema = z.object({
  kind: z.enum(['hole', 'cup']),
  face: faceSchema,
  /** Centre of the opening on its face. */
  x: mm,
  y: mm,
  z: mm,
  diameter: mm,
  /** From the face it opens on. */
  depth: mm,
  through: z.boolean(),
});
export type Bore = z.infer<typeof boreSchema>;

/** A groove (a channel inside the face) or a rebate (a step along an edge), straight, on a large face. */
export const grooveSchema = z.object({
  kind: z.enum(['groove', 'rebate']),
  face: z.enum(['top', 'bottom']),
  /** The centre line's ends on the face. */
  from: z.tuple([mm, mm]),
  to: z.tuple([mm, mm]),
  width: mm,
  depth: mm,
});
export type Groove = z.infer<typeof grooveSchema>;

export type Operation = Bore | Groove;

export const panelGeometrySchema = z.object({
  length: mm,
  width: mm,
  thickness: mm,
  /** The board's outline seen from the reference face, counter-clockwise, [x, y] points (notches and fillets as drawn). */
  outline: z.array(z.tuple([mm, mm])).check(z.maxLength(20_000)),
  bores: z.array(boreSchema).check(z.maxLength(10_000)),
  grooves: z.array(grooveSchema).check(z.maxLength(1_000)),
});
/** What the converter reads from one part's solid. */
export type PanelGeometry = z.infer<typeof panelGeometrySchema>;

/** The machining of a revision as stored beside its GLB: distinct panels once, and the nodes that use each. */
export const revisionMachiningSchema = z.object({
  version: z.literal(1),
  shapes: z.array(panelGeometrySchema),
  /** [glTF node index, shape index]. */
  nodes: z.array(z.tuple([z.number(), z.number()])),
});
export type RevisionMachining = z.infer<typeof revisionMachiningSchema>;

/** Hinge cups and other bores from this diameter on are cups. */
export const CUP_MIN_DIAMETER = 20;

const round = (v: number) => Math.round(v * 100) / 100;
const MIRRORED_FACE: Record<PanelFace, PanelFace> = { top: 'top', bottom: 'bottom', left: 'right', right: 'left', front: 'front', back: 'back' };

/**
 * The same panel made the other hand (a part placed through a mirroring transform): x from the
 * opposite end, the left and right edges swapped, the outline kept counter-clockwise.
 */
export function mirrorPanel(panel: PanelGeometry): PanelGeometry {
  const x = (v: number) => round(panel.length - v);
  return {
    ...panel,
    outline: panel.outline.map(([px, py]) => [x(px), py] as [number, number]).reverse(),
    bores: panel.bores.map((b) => ({ ...b, face: MIRRORED_FACE[b.face], x: x(b.x) })),
    grooves: panel.grooves.map((g) => ({ ...g, from: [x(g.from[0]), g.from[1]], to: [x(g.to[0]), g.to[1]] })),
  };
}

/** Every operation of a panel, bores then grooves. */
export function operationsOf(panel: Pick<PanelGeometry, 'bores' | 'grooves'>): Operation[] {
  return [...panel.bores, ...panel.grooves];
}
