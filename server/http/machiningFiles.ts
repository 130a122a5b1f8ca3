/**
 * The machining files of a job: one DXF per panel (outline and operations on the layers the
 * workshop's template names, through @tarikjabiri/dxf), the drilling CSV of the whole job and a
 * README of the conventions, in one zip (fflate).
 */
import { DxfWriter, LWPolylineFlags, point2d, point3d, Units } from '@tarikjabiri/dxf';
import { zipSync, type Zippable } from 'fflate';
import { drillingCsv } from '../../src/model/machining/drillingCsv';
import { LayerNamer, type MachiningLayers } from '../../src/model/machining/dxfLayers';
import type { MachinedPanel } from '../../src/model/machining/machiningList';
import { oneLine } from '../../src/model/text/safeText';

const LAYER_COLOURS = { outline: 7, hole: 1, cup: 5, groove: 3 } as const;

/** One panel as a DXF: millimetres, the panel's frame (docs/formats.md), its reference face seen from above. */
export function panelDxf(panel: MachinedPanel, namer: LayerNamer): string {
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Millimeters);
  const layers = new Set<string>();
  const layer = (name: string, colour: number) => {
    if (!layers.has(name)) {
      dxf.addLayer(name, colour, 'CONTINUOUS');
      layers.add(name);
    }
    return name;
  };
  const outline = layer(namer.outline(panel.thickness), LAYER_COLOURS.outline);
  dxf.addLWPolyline(
    panel.outline.map(([x, y]) => ({ point: point2d(x, y) })),
    { flags: LWPolylineFlags.Closed, layerName: outline },
  );
  for (const bore of panel.bores) {
    const layerName = layer(namer.bore(bore), bore.kind === 'cup' ? LAYER_COLOURS.cup : LAYER_COLOURS.hole);
    if (bore.face === 'top' || bore.face === 'bottom') {
      dxf.addCircle(point3d(bore.x, bore.y, 0), bore.diameter / 2, { layerName });
      continue;
    }
    // An edge bore: its axis, from the opening on the edge inwards by its depth.
    const inward: Record<string, [number, number]> = { left: [1, 0], right: [-1, 0], front: [0, 1], back: [0, -1] };
    const [dx, dy] = inward[bore.face];
    dxf.addLine(point3d(bore.x, bore.y, 0), point3d(bore.x + dx * bore.depth, bore.y + dy * bore.depth, 0), { layerName });
  }
  for (const groove of panel.grooves) {
    const layerName = layer(namer.groove(groove), LAYER_COLOURS.groove);
    // The groove's centre line; its width and depth are in the layer's name.
    dxf.addLine(point3d(groove.from[0], groove.from[1], 0), point3d(groove.to[0], groove.to[1], 0), { layerName });
  }
  return dxf.stringify();
}

/** A file name part: letters, digits, space, dot, dash and underscore, at most 60 characters. */
export function fileNamePart(text: string): string {
  return oneLine(text).normalize('NFC').replace(/[^\p{L}\p{N} ._-]/gu, '_').replace(/^[ .]+|[ .]+$/g, '').slice(0, 60) || 'part';
}

const README = (layers: MachiningLayers, namer: LayerNamer) => `Machining files

One DXF per panel (panels/<cabinet>/<part> n<node>.dxf) and drilling.csv for the whole job.

The frame of every panel: it lies on the table with its reference face up (the large face most
operations open on). x runs along its length from the reference corner, y across it, z up from the
face underneath (z = thickness on the reference face). Millimetres.

Faces: top (the reference face), bottom (underneath), left (x = 0), right (x = length),
front (y = 0), back (y = width).

DXF: the outline is a closed polyline seen from the top; bores on the top or bottom face are
circles at their centre; an edge bore is a line along its axis from the edge inwards, as long as its
depth; a groove or rebate is its centre line. What each shape is, its depth, diameter or width, are
in its layer's name.

Layer names (preset "${layers.preset}"):
  outline:          ${namer.outline(18)} (for an 18 mm panel)
  hole (top):       ${namer.bore({ kind: 'hole', face: 'top', x: 0, y: 0, z: 18, diameter: 5, depth: 12, through: false })}
  hole (bottom):    ${namer.bore({ kind: 'hole', face: 'bottom', x: 0, y: 0, z: 0, diameter: 5, depth: 12, through: false })}
  edge hole:        ${namer.bore({ kind: 'hole', face: 'left', x: 0, y: 0, z: 9, diameter: 8, depth: 30, through: false })}
  cup:              ${namer.bore({ kind: 'cup', face: 'top', x: 0, y: 0, z: 19, diameter: 35, depth: 12.5, through: false })}
  groove:           ${namer.groove({ kind: 'groove', face: 'top', from: [0, 0], to: [1, 0], width: 8, depth: 8 })}
  rebate:           ${namer.groove({ kind: 'rebate', face: 'top', from: [0, 0], to: [1, 0], width: 10, depth: 6 })}

drilling.csv: one row per bore: part, cabinet, node, material, face, kind (hole or cup), x, y, z,
diameter, depth, through. Text cells are quoted; the file reads the same split on "," or ";".

Panels whose geometry could not be read (a mesh file, a model converted before machining was
read) are listed with their outline from their name and no operations.
`;

export function machiningZip(panels: readonly MachinedPanel[], layers: MachiningLayers): Uint8Array {
  const namer = new LayerNamer(layers);
  const encoder = new TextEncoder();
  const files: Zippable = {};
  const used = new Set<string>();
  for (const panel of panels) {
    const folder = fileNamePart(panel.cabinet || 'Loose parts');
    let name = `panels/${folder}/${fileNamePart(panel.name)} n${panel.node}.dxf`;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `panels/${folder}/${fileNamePart(panel.name)} n${panel.node} (${i}).dxf`;
    used.add(name.toLowerCase());
    files[name] = encoder.encode(panelDxf(panel, namer));
  }
  files['drilling.csv'] = encoder.encode(drillingCsv(panels));
  files['README.txt'] = encoder.encode(README(layers, namer));
  return zipSync(files, { level: 6, mtime: new Date('2025-01-01T00:00:00Z') });
}
