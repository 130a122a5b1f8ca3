/**
 * A panel docked over the canvas (project, share, hierarchy on the left; the tools on the right),
 * at the side-panel opacity of SPEC §2, with a title and a close button. In the compact layout it
 * is a sheet over the model, above the bottom toolbar, opaque so that nothing shows through: a
 * panel's sheet takes half the height (its content scrolls inside; the model is framed above it),
 * a menu's sheet (More) only what it needs, up to half.
 */
import type { ReactNode } from 'react';
import { useLL } from '../app/I18nProvider';
import { CloseIcon } from '../common/actionIcons';
import { COMPACT_PANEL_SHEET_SHARE } from '../../model/layoutRules';

interface DockPanelProps {
  side: 'left' | 'right';
  title: string;
  onClose(): void;
  children: ReactNode;
  width?: number;
  /** The compact layout's sheet: a panel's (half the height) or a menu's (as tall as its rows, up to half). */
  sheet?: boolean | 'menu';
  /** Over the model rather than beside it (narrower windows): opaque, so nothing shows through. */
  overlay?: boolean;
}

/** The compact layout's bottom toolbar height (its sheets sit just above it). */
export const COMPACT_BAR_HEIGHT = 'calc(3.5rem + env(safe-area-inset-bottom))';

/** A compact sheet's height: the share of the viewport the frame insets leave to it (layoutRules). */
const SHEET_HEIGHT = `${COMPACT_PANEL_SHEET_SHARE * 100}dvh`;

export function DockPanel({ side, title, onClose, children, width, sheet = false, overlay = false }: DockPanelProps) {
  const LL = useLL();
  return (
    <section
      aria-label={title}
      style={
        sheet === 'menu'
          ? { bottom: COMPACT_BAR_HEIGHT, maxHeight: SHEET_HEIGHT }
          : sheet
            ? { bottom: COMPACT_BAR_HEIGHT, height: SHEET_HEIGHT }
            : { width }
      }
      className={
        sheet
          ? 'absolute inset-x-0 z-40 flex flex-col overflow-hidden rounded-t-2xl border-t border-border bg-surface-raised shadow-2xl shadow-black/60'
          : `absolute inset-y-0 z-20 flex max-w-full flex-col overflow-hidden bg-surface-raised ${overlay ? '' : 'opacity-panel'} shadow-2xl shadow-black/50 ${
              side === 'left' ? 'left-0 border-r' : 'right-0 border-l'
            } border-border`
      }
    >
      <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 dir="auto" className="truncate text-base font-extrabold text-fg">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={LL.common.close()}
          title={LL.common.close()}
          className={`flex ${sheet ? 'size-11' : 'size-9'} shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-overlay hover:text-fg`}
        >
          <CloseIcon />
        </button>
      </header>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 py-4">{children}</div>
    </section>
  );
}

/** What an absent slot shows while its content is being built. */
export function SlotPlaceholder({ text }: { text: string }) {
  return <p className="text-sm text-fg-muted">{text}</p>;
}
