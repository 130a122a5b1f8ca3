/** Selection and flashing: which parts the highlight overlay shows (only visible ones). */
import { startFlash } from './flashTimer';
import type { Highlight } from './highlight';
import type { ModelView } from '../scene/modelView';

export class PartEmphasis {
  private model: ModelView | null = null;
  private selection = new Set<number>();
  private flashParts = new Set<number>();
  private flashOn = false;
  private stopTimer: (() => void) | null = null;

  constructor(
    private readonly highlight: Highlight,
    private readonly changed: () => void,
  ) {}

  setModel(model: ModelView | null): void {
    this.stopFlash();
    this.model = model;
    this.selection = new Set();
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
    if (this.highlight.set(model?.built ?? null, parts)) this.changed();
  }
}
