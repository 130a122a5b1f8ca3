/** A vertical toolbar of icon buttons (the left and right toolbars of SPEC §2). */
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export function Toolbar({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <nav aria-label={label} className={`flex flex-col items-center gap-2 border-border bg-surface-raised p-2 ${className}`}>
      {children}
    </nav>
  );
}

interface ToolbarButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name, also shown as a tooltip. */
  label: string;
  active?: boolean;
}

export function ToolbarButton({ label, active = false, children, className = '', ...props }: ToolbarButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`flex size-11 items-center justify-center rounded-xl transition-colors ${
        active ? 'bg-primary text-on-primary' : 'text-fg-muted hover:bg-surface-overlay hover:text-fg'
      } ${className}`}
      {...props}
    >
      {children}
    </button>
  );
}
