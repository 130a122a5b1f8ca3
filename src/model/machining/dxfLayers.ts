/**
 * The DXF layer names of a panel's outline and operations, made from templates: a CAM program's
 * DXF import decides what to do with a shape by its layer's name (a drill, a pocket, a saw groove)
 * and often reads the depth, diameter or width from it. Two presets: `generic` (explicit names,
 * values with a point) and `controlNesting` (the layer words of eCabinet Systems' Control Nesting
 * DXF import: `outline`, `drill`, `pocket`, `dado`, `back...` for the face underneath, values
 * written `z12p5` for 12.5 mm). Each template may be changed in the workshop settings.
 *
 * Tokens: {face} (TOP, BOTTOM, LEFT, RIGHT, FRONT, BACK), {back} (the preset's word for an
 * operation on the face underneath, else empty), {diameter}, {depth}, {width}, {z} (an edge
 * bore's height), {thickness}.
 */
import * as z from 'zod/mini';
import type { Bore, Groove, PanelFace } from './panelMachining';

export const LAYER_KINDS = ['outline', 'hole', 'edgeHole', 'cup', 'groove', 'rebate'] as const;
export type LayerKind = (typeof LAYER_KINDS)[number];
export type LayerTemplates = Record<LayerKind, string>;

const template = z.string().check(z.trim(), z.minLength(1), z.maxLength(80));
export const layerPresetSchema = z.enum(['generic', 'controlNesting']);
export type LayerPreset = z.infer<typeof layerPresetSchema>;

/** The workshop's choice: a preset and, per kind, its own template. */
export const machiningLayersSchema = z.object({
  preset: layerPresetSchema,
  templates: z.partial(z.object({ outline: template, hole: template, edgeHole: template, cup: template, groove: template, rebate: template })),
});
export type MachiningLayers = z.infer<typeof machiningLayersSchema>;

export const DEFAULT_MACHINING_LAYERS: MachiningLayers = { preset: 'generic', templates: {} };

interface Preset {
  templates: LayerTemplates;
  back: string;
  /** Writes a value in mm as the preset's layer names do. */
  value: (mm: number) => string;
}

const plain = (mm: number) => String(Math.round(mm * 100) / 100);

export const LAYER_PRESETS: Record<LayerPreset, Preset> = {
  generic: {
    templates: {
      outline: 'OUTLINE',
      hole: 'DRILL_{face}_D{diameter}_Z{depth}',
      edgeHole: 'DRILL_{face}_D{diameter}_Z{depth}_H{z}',
      cup: 'CUP_{face}_D{diameter}_Z{depth}',
      groove: 'GROOVE_{face}_W{width}_Z{depth}',
      rebate: 'REBATE_{face}_W{width}_Z{depth}',
    },
    back: '',
    value: plain,
  },
  controlNesting: {
    templates: {
      outline: 'outline z{thickness}',
      hole: '{back}drill z{depth}',
      edgeHole: 'hbore z{z} d{diameter}',
      cup: '{back}pocket z{depth} d{diameter}',
      groove: '{back}dado z{depth}',
      rebate: '{back}pocket z{depth}',
    },
    back: 'back',
    value: (mm) => plain(mm).replace('.', 'p').replace(/^(\d+)$/, '$1p0'),
  },
};

const FACE_WORDS: Record<PanelFace, string> = { top: 'TOP', bottom: 'BOTTOM', left: 'LEFT', right: 'RIGHT', front: 'FRONT', back: 'BACK' };

export class LayerNamer {
  private readonly preset: Preset;
  private readonly templates: LayerTemplates;

  constructor(layers: MachiningLayers = DEFAULT_MACHINING_LAYERS) {
    this.preset = LAYER_PRESETS[layers.preset];
    this.templates = { ...this.preset.templates, ...layers.templates };
  }

  private fill(kind: LayerKind, values: { face?: PanelFace; diameter?: number; depth?: number; width?: number; z?: number; thickness?: number }): string {
    const name = this.templates[kind].replace(/\{(face|back|diameter|depth|width|z|thickness)\}/g, (_, token: string) => {
      if (token === 'face') return values.face ? FACE_WORDS[values.face] : '';
      if (token === 'back') return values.face === 'bottom' ? this.preset.back : '';
      const value = values[token as 'diameter' | 'depth' | 'width' | 'z' | 'thickness'];
      return value === undefined ? '' : this.preset.value(value);
    });
    // DXF layer names: no < > / \ " : ; ? * | = ` and at most 255 characters.
    return name.replace(/[<>/\\":;?*|=`]/g, '_').slice(0, 255) || kind;
  }

  outline(thickness: number): string {
    return this.fill('outline', { thickness });
  }

  bore(bore: Bore): string {
    const edge = bore.face !== 'top' && bore.face !== 'bottom';
    return this.fill(edge ? 'edgeHole' : bore.kind === 'cup' ? 'cup' : 'hole', bore);
  }

  groove(groove: Groove): string {
    return this.fill(groove.kind, groove);
  }
}
