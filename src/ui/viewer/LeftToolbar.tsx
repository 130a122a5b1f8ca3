/**
 * The viewer's left toolbar (SPEC §2): back (owner), the avatar (user panel), the project or
 * shared-project panel, the share panel (owner), the hierarchy (if allowed), about.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectUser } from '../../machines/session/sessionSelectors';
import type { LeftPanel } from '../../machines/viewer/viewerMachine';
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { Avatar } from '../common/Avatar';
import { ArrowLeftIcon, InfoIcon } from '../common/icons';
import { Toolbar, ToolbarButton } from '../common/Toolbar';
import { AboutPanel } from '../panels/AboutPanel';
import { UserPanel } from '../panels/UserPanel';
import type { ToolsActor } from './viewerActors';
import { FolderIcon, ShareNodesIcon, TreeIcon } from './viewerIcons';


interface LeftToolbarProps {
  variant: 'owner' | 'guest' | 'sandbox';
  tools: ToolsActor;
  leftPanel: LeftPanel | null;
  onLeftPanel(panel: LeftPanel | null): void;
}

/** The owner's way back to the project list, first in either toolbar. */
export function BackToProjects() {
  const LL = useLL();
  return (
    <Link
      to="/"
      aria-label={LL.viewer.back()}
      title={LL.viewer.back()}
      className="flex size-11 items-center justify-center rounded-xl text-fg-muted hover:bg-surface-overlay hover:text-fg"
    >
      <ArrowLeftIcon />
    </Link>
  );
}

export function LeftToolbar({ variant, tools, leftPanel, onLeftPanel }: LeftToolbarProps) {
  const LL = useLL();
  const { session } = useAppServices();
  const user = useSelector(session, selectUser);
  const hierarchyAllowed = useSelector(tools, (s) => s.context.permissions.isHierarchyVisible);
  const [modal, setModal] = useState<'user' | 'about' | null>(null);
  const toggle = (panel: LeftPanel) => onLeftPanel(leftPanel === panel ? null : panel);
  const projectLabel = variant === 'guest' ? LL.panels.sharedProject.title() : LL.panels.project.title();
  return (
    <>
      <Toolbar label={LL.viewer.leftToolbar()} className="z-30 h-full shrink-0 border-r">
        {variant === 'owner' ? <BackToProjects /> : null}
        <ToolbarButton label={LL.list.userPanel()} active={modal === 'user'} onClick={() => setModal('user')}>
          <Avatar src={user.avatarUrl} name={user.fullName} alt={LL.common.avatarOf({ name: user.fullName })} size={32} />
        </ToolbarButton>
        {variant !== 'sandbox' ? (
          <ToolbarButton label={projectLabel} active={leftPanel === 'project'} aria-pressed={leftPanel === 'project'} onClick={() => toggle('project')}>
            <FolderIcon />
          </ToolbarButton>
        ) : null}
        {variant === 'owner' ? (
          <ToolbarButton label={LL.panels.share.title()} active={leftPanel === 'share'} aria-pressed={leftPanel === 'share'} onClick={() => toggle('share')}>
            <ShareNodesIcon />
          </ToolbarButton>
        ) : null}
        {hierarchyAllowed ? (
          <ToolbarButton label={LL.viewer.hierarchy()} active={leftPanel === 'hierarchy'} aria-pressed={leftPanel === 'hierarchy'} onClick={() => toggle('hierarchy')}>
            <TreeIcon />
          </ToolbarButton>
        ) : null}
        <ToolbarButton label={LL.list.about()} active={modal === 'about'} onClick={() => setModal('about')} className="mt-auto">
          <InfoIcon />
        </ToolbarButton>
      </Toolbar>
      <UserPanel open={modal === 'user'} onClose={() => setModal(null)} />
      <AboutPanel open={modal === 'about'} onClose={() => setModal(null)} />
    </>
  );
}
