/** A card's menu (SPEC §2): Rename, Update, Share, Delete. */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useLL } from '../app/I18nProvider';
import { MoreIcon, PencilIcon, RefreshIcon, ShareIcon, TrashIcon } from '../common/actionIcons';

export interface CardActions {
  onRename(): void;
  onUpdate(): void;
  onShare(): void;
  onDelete(): void;
}

const BUTTON_CLASS =
  'flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-overlay hover:text-fg data-open:bg-surface-overlay data-open:text-fg';

/** The menu's button alone, until the card mounts the menu (focusing it asks for it). */
export function ProjectCardMenuStandIn({ name, onActivate }: { name: string; onActivate(): void }) {
  const LL = useLL();
  return (
    <button type="button" aria-label={LL.list.projectActions({ name })} title={LL.list.projectActions({ name })} aria-haspopup="menu" aria-expanded={false} className={BUTTON_CLASS} onFocus={onActivate}>
      <MoreIcon />
    </button>
  );
}

export function ProjectCardMenu({ name, actions, autoFocus }: { name: string; actions: CardActions; autoFocus?: boolean }) {
  const LL = useLL();
  const items: Array<{ label: string; icon: ReactNode; run(): void; danger?: boolean }> = [
    { label: LL.actions.rename(), icon: <PencilIcon width={16} height={16} />, run: actions.onRename },
    { label: LL.actions.update(), icon: <RefreshIcon width={16} height={16} />, run: actions.onUpdate },
    { label: LL.actions.share(), icon: <ShareIcon width={16} height={16} />, run: actions.onShare },
    { label: LL.actions.delete(), icon: <TrashIcon width={16} height={16} />, run: actions.onDelete, danger: true },
  ];
  return (
    <Menu>
      <MenuButton autoFocus={autoFocus} aria-label={LL.list.projectActions({ name })} title={LL.list.projectActions({ name })} className={BUTTON_CLASS}>
        <MoreIcon />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 4 }}
        className="z-50 min-w-40 rounded-xl border border-border bg-surface-overlay p-1 shadow-2xl shadow-black/50 focus:outline-none"
      >
        {items.map((item) => (
          <MenuItem key={item.label}>
            <button
              type="button"
              onClick={item.run}
              className={`flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-surface-raised ${item.danger ? 'text-danger' : 'text-fg'}`}
            >
              {item.icon}
              {item.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
