/**
 * The compact viewer's one toolbar (phones, portrait tablets): every tool of the two desktop
 * toolbars in one bar along the bottom, 44 px targets, in order of use on site; the owner's way
 * back to the list always comes first in the bar; what does not fit goes behind a "More" button
 * whose sheet lists it, a count (comments, hyperlinks) beside its row's label rather than over its
 * icon. One sheet is open at a time: opening a project panel closes a tool panel and the other way
 * round.
 */
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { selectAllowedPanels, selectOpenPanel } from '../../machines/viewer/viewerSelectors';
import type { ToolPanel } from '../../machines/viewer/viewerTypes';
import { selectUser } from '../../machines/session/sessionSelectors';
import type { LeftPanel } from '../../machines/viewer/viewerMachine';
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { Avatar } from '../common/Avatar';
import { MoreIcon } from '../common/actionIcons';
import { InfoIcon } from '../common/icons';
import { ToolbarButton } from '../common/Toolbar';
import { AboutPanel } from '../panels/AboutPanel';
import { UserPanel } from '../panels/UserPanel';
import { COMPACT_BAR_HEIGHT, DockPanel } from './DockPanel';
import { BackToProjects } from './LeftToolbar';
import { CountBadge } from './RightToolbar';
import type { ToolsActor } from './viewerActors';
import { PartsListIcon } from './panels/PartsListPanel';
import { CommentIcon, CubeIcon, FolderIcon, LinkIcon, RulerIcon, ScissorsIcon, ShareNodesIcon, TreeIcon } from './viewerIcons';

/** One slot of the bar: 44 px and a little room around it. */
const SLOT_PX = 48;

interface Item {
  key: string;
  label: string;
  icon: ReactNode;
  /** A count shown with the icon (comments, hyperlinks). */
  count?: number;
  active: boolean;
  onSelect(): void;
}

interface CompactToolbarProps {
  variant: 'owner' | 'guest' | 'sandbox';
  tools: ToolsActor;
  leftPanel: LeftPanel | null;
  onLeftPanel(panel: LeftPanel | null): void;
  commentCount: number;
  hyperlinkCount: number;
  /** The window's width: how many slots the bar has. */
  width: number;
}

export function CompactToolbar({ variant, tools, leftPanel, onLeftPanel, commentCount, hyperlinkCount, width }: CompactToolbarProps) {
  const LL = useLL();
  const open = useSelector(tools, selectOpenPanel);
  const allowed = useSelector(tools, selectAllowedPanels, (a, b) => a.join() === b.join());
  const hierarchyAllowed = useSelector(tools, (s) => s.context.permissions.isHierarchyVisible);
  const [modal, setModal] = useState<'user' | 'about' | 'more' | null>(null);
  const { session } = useAppServices();
  const user = useSelector(session, selectUser);
  const avatar = <Avatar src={user.avatarUrl} name={user.fullName} size={28} />;

  const openLeft = (panel: LeftPanel) => {
    setModal(null);
    if (open) tools.send({ type: 'tools.closePanel' });
    onLeftPanel(leftPanel === panel ? null : panel);
  };
  const openTool = (panel: ToolPanel) => {
    setModal(null);
    onLeftPanel(null);
    tools.send({ type: 'tools.togglePanel', panel });
  };
  const openModal = (which: 'user' | 'about') => {
    onLeftPanel(null);
    if (open) tools.send({ type: 'tools.closePanel' });
    setModal(which);
  };

  const tool = (panel: ToolPanel, label: string, icon: ReactNode, count?: number): Item | null =>
    allowed.includes(panel) ? { key: panel, label, icon, count, active: open === panel, onSelect: () => openTool(panel) } : null;
  const left = (panel: LeftPanel, label: string, icon: ReactNode): Item => ({ key: panel, label, icon, active: leftPanel === panel, onSelect: () => openLeft(panel) });
  const items = [
    hierarchyAllowed ? left('hierarchy', LL.viewer.hierarchy(), <TreeIcon />) : null,
    tool('render', LL.viewer.renderMode(), <CubeIcon />),
    tool('measure', LL.viewer.measure.title(), <RulerIcon />),
    tool('clipping', LL.viewer.clipping.title(), <ScissorsIcon />),
    variant !== 'sandbox' ? left('project', variant === 'guest' ? LL.panels.sharedProject.title() : LL.panels.project.title(), <FolderIcon />) : null,
    tool('comments', LL.viewer.comments.title(), <CommentIcon />, commentCount),
    tool('attachment', LL.viewer.hyperlinks.title(), <LinkIcon />, hyperlinkCount),
    tool('parts', LL.workshop.partsList.title(), <PartsListIcon />),
    variant === 'owner' ? left('share', LL.panels.share.title(), <ShareNodesIcon />) : null,
    { key: 'user', label: LL.list.userPanel(), icon: avatar, active: modal === 'user', onSelect: () => openModal('user') },
    { key: 'about', label: LL.list.about(), icon: <InfoIcon />, active: modal === 'about', onSelect: () => openModal('about') },
  ].filter((item): item is Item => item !== null);

  // The owner's way back takes the bar's first slot whatever the width.
  const back = variant === 'owner';
  const slots = Math.max(3, Math.floor((width - 16) / SLOT_PX)) - (back ? 1 : 0);
  const inBar = items.length <= slots ? items : items.slice(0, slots - 1);
  const behindMore = items.slice(inBar.length);
  const toggleMore = () => {
    if (modal === 'more') return setModal(null);
    onLeftPanel(null);
    if (open) tools.send({ type: 'tools.closePanel' });
    setModal('more');
  };

  return (
    <>
      <nav
        aria-label={LL.viewer.rightToolbar()}
        style={{ height: COMPACT_BAR_HEIGHT }}
        className="absolute inset-x-0 bottom-0 z-30 flex items-start justify-around border-t border-border bg-surface-raised px-2 pt-1.5 pb-[env(safe-area-inset-bottom)]"
      >
        {back ? <BackToProjects /> : null}
        {inBar.map((item) => (
          <ToolbarButton key={item.key} label={item.label} active={item.active} aria-pressed={item.active} className="relative" onClick={item.onSelect}>
            {item.icon}
            {item.count !== undefined ? <CountBadge count={item.count} /> : null}
          </ToolbarButton>
        ))}
        {behindMore.length > 0 ? (
          <ToolbarButton label={LL.viewer.more()} active={modal === 'more'} aria-pressed={modal === 'more'} aria-expanded={modal === 'more'} onClick={toggleMore}>
            <MoreIcon />
          </ToolbarButton>
        ) : null}
      </nav>
      {modal === 'more' ? (
        <DockPanel sheet="menu" side="left" title={LL.viewer.more()} onClose={() => setModal(null)}>
          <ul className="flex flex-col gap-1">
            {behindMore.map((item) => (
              <li key={item.key}>
                <button type="button" className={moreRowClass} onClick={item.onSelect}>
                  <span className="flex shrink-0">{item.icon}</span>
                  <span className="min-w-0 flex-1 truncate">{item.label}</span>
                  {item.count !== undefined ? <CountBadge count={item.count} inline /> : null}
                </button>
              </li>
            ))}
          </ul>
        </DockPanel>
      ) : null}
      <UserPanel open={modal === 'user'} onClose={() => setModal(null)} />
      <AboutPanel open={modal === 'about'} onClose={() => setModal(null)} />
    </>
  );
}

const moreRowClass = 'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-sm font-semibold text-fg hover:bg-surface-overlay';
