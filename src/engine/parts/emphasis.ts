/**
 * Selection and flashing: which parts the highlight overlay shows (only visible ones); the
 * comparison tints, one overlay per kind of change; and the finishes the client chose, one opaque
 * overlay per colour, shown in the solid render mode only.
 */
import { finishKey, parseFinish } from '../../model/quote/quoteTexture';
import { startFlash } from './flashTimer';
import type { PartTint } from '../types';
import type { Highlight } from './highlight';
import type { ModelView } from '../scene/modelView';

export class PartEmphasis {
  private model: ModelView | null = null;
  private selection = new Set<number>();
  private flashParts = new Set<number>();
  private flashOn = false;
  private stopTimer: (() => void) | null = null;

  private tintIds: Partial<Record<PartTint, readonly string[]>> = {};
  /** Finish (`#rrggbb`, with `url(...)` for a texture) -> the nodes drawn in it. */
  private colourIds: Record<string, readonly string[]> = {};
  private readonly colourOverlays = new Map<string, Highlight>();
  private coloursShown = true;

  constructor(
    private readonly highlight: Highlight,
    private readonly changed: () => void,
    private readonly tints: Record<PartTint, Highlight> | null = null,
    /** Makes the overlay of one finish (model/quote/quoteTexture.ts). */
    private readonly finishOverlay: ((finish: string) => Highlight) | null = null,
  ) {}

  /** The parts moved (the exploded view): every overlay is rebuilt at the new positions. */
  geometryChanged(): void {
    this.highlight.invalidate();
    for (const overlay of Object.values(this.tints ?? {})) overlay.invalidate();
    for (const overlay of this.colourOverlays.values()) overlay.invalidate();
    this.refresh();
  }

  /** Draws these nodes (with what they hold) in these finishes (finish -> ids of the current model); `{}` removes every finish. */
  setColours(colours: Readonly<Record<string, readonly string[]>>): void {
    this.colourIds = {};
    for (const [key, ids] of Object.entries(colours)) {
      const finish = parseFinish(key);
      if (finish) this.colourIds[finishKey(finish.colour, finish.texture)] = ids;
    }
    for (const [finish, overlay] of this.colourOverlays) {
      if (this.colourIds[finish]) continue;
      overlay.dispose();
      this.colourOverlays.delete(finish);
      this.changed();
    }
    this.refresh();
  }

  /** The finishes show in the solid render mode only (x-ray, wireframe and illustration have their own looks). */
  showColours(shown: boolean): void {
    if (shown === this.coloursShown) return;
    this.coloursShown = shown;
    this.refresh();
  }

  dispose(): void {
    for (const overlay of this.colourOverlays.values()) overlay.dispose();
    this.colourOverlays.clear();
  }

  /** Tints these nodes' own geometry, not their descendants' (ids of the current model); an empty object removes every tint. */
  setTints(tints: Partial<Record<PartTint, readonly string[]>>): void {
    this.tintIds = tints;
    this.refresh();
  }

  setModel(model: ModelView | null): void {
    this.stopFlash();
    this.model = model;
    this.selection = new Set();
    this.tintIds = {};
    // The finishes stay: chosen before the model arrived (or for the project's next model), they apply to it.
    for (const overlay of this.colourOverlays.values()) overlay.invalidate();
    this.refresh();
  }

  select(ids: readonly string[]): void {
    this.selection = this.model ? this.model.partsOf(ids) : new Set();
    this.refresh();
  }

  flash(ids: readonly string[], durationMs?: number, tickMs?: number): void {
    this.stopFlash();
    if (!this.model) return;
    this.flashParts = this.model.partsOf(ids);
    this.stopTimer = startFlash(
      (on) => {
        this.flashOn = on;
        this.refresh();
      },
      durationMs,
      tickMs,
    );
  }

  stopFlash(): void {
    this.stopTimer?.();
    this.stopTimer = null;
    this.flashOn = false;
    this.flashParts = new Set();
    this.refresh();
  }

  /** Rebuilds the overlay when the highlighted set changed (after visibility changes too). */
  refresh(): void {
    const model = this.model;
    const parts = new Set<number>();
    if (model) {
      const visible = model.visibility.visible;
      for (const p of this.selection) if (visible[p]) parts.add(p);
      if (this.flashOn) for (const p of this.flashParts) if (visible[p]) parts.add(p);
    }
    let changed = this.highlight.set(model?.built ?? null, parts);
    for (const [tint, overlay] of Object.entries(this.tints ?? {}) as [PartTint, Highlight][]) {
      const tinted = new Set<number>();
      if (model) for (const p of model.ownPartsOf(this.tintIds[tint] ?? [])) if (model.visibility.visible[p]) tinted.add(p);
      changed = overlay.set(model?.built ?? null, tinted) || changed;
    }
    if (this.finishOverlay) {
      for (const [finish, ids] of Object.entries(this.colourIds)) {
        let overlay = this.colourOverlays.get(finish);
        if (!overlay) this.colourOverlays.set(finish, (overlay = this.finishOverlay(finish)));
        const coloured = new Set<number>();
        if (model && this.coloursShown) for (const p of model.partsOf(ids)) if (model.visibility.visible[p]) coloured.add(p);
        changed = overlay.set(model?.built ?? null, coloured) || changed;
      }
    }
    if (changed) this.changed();
  }
}
