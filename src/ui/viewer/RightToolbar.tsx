/** The right toolbar (SPEC §2): render, comments and hyperlinks (count badges), measure, clipping. */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectAllowedPanels, selectOpenPanel } from '../../machines/viewer/viewerSelectors';
import type { ToolPanel } from '../../machines/viewer/viewerTypes';
import { useLL } from '../app/I18nProvider';
import { Toolbar, ToolbarButton } from '../common/Toolbar';
import type { ToolsActor } from './viewerActors';
import { PartsListIcon } from './panels/PartsListPanel';
import { CommentIcon, CubeIcon, LinkIcon, RulerIcon, ScissorsIcon } from './viewerIcons';

/** A count over an icon's corner, or `inline` in a row beside its label (a list, where it would hide the icon). */
export function CountBadge({ count, inline = false }: { count: number; inline?: boolean }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="count-badge"
      className={`${inline ? 'shrink-0' : 'absolute -top-1 -right-1'} flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] font-bold text-on-primary`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function RightToolbar({ tools, commentCount, hyperlinkCount }: { tools: ToolsActor; commentCount: number; hyperlinkCount: number }) {
  const LL = useLL();
  const open = useSelector(tools, selectOpenPanel);
  const allowed = useSelector(tools, selectAllowedPanels, (a, b) => a.join() === b.join());
  const buttons: Record<ToolPanel, { label: string; icon: ReactNode }> = {
    render: { label: LL.viewer.renderMode(), icon: <CubeIcon /> },
    comments: { label: LL.viewer.comments.title(), icon: <><CommentIcon /><CountBadge count={commentCount} /></> },
    attachment: { label: LL.viewer.hyperlinks.title(), icon: <><LinkIcon /><CountBadge count={hyperlinkCount} /></> },
    measure: { label: LL.viewer.measure.title(), icon: <RulerIcon /> },
    clipping: { label: LL.viewer.clipping.title(), icon: <ScissorsIcon /> },
    parts: { label: LL.workshop.partsList.title(), icon: <PartsListIcon /> },
  };
  return (
    <Toolbar label={LL.viewer.rightToolbar()} className="z-30 h-full shrink-0 border-l">
      {allowed.map((panel) => (
        <ToolbarButton key={panel} label={buttons[panel].label} active={open === panel} aria-pressed={open === panel} className="relative" onClick={() => tools.send({ type: 'tools.togglePanel', panel })}>
          {buttons[panel].icon}
        </ToolbarButton>
      ))}
    </Toolbar>
  );
}
