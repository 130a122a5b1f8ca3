/**
 * The shared-link viewer at /s/{accessKey} (SPEC §2, §6): the share options gate the panels and
 * render modes; the hierarchy opens by itself when allowed on a window at least 800 wide. An
 * unknown or unpublished key shows the not-found screen.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectUser } from '../../machines/session/sessionSelectors';
import type { SharedProject } from '../../machines/types';
import { selectLoaded, selectLoadView } from '../../machines/viewer/viewerSelectors';
import { useAppServices } from '../app/AppServices';
import { LoadStatus, NotFoundScreen } from './LoadStatus';
import { SharedProjectPanel } from './panels/SharedProjectPanel';
import { useViewerActors } from './useViewerActors';
import { useViewerContent } from './useViewerContent';
import { hierarchyOpensByItself } from './useWindowWidth';
import type { LoadActor } from './viewerActors';
import { ViewerLayout, type LeftPanel } from './ViewerLayout';
import type { EngineSlot } from '../../machines/viewer/enginePort';
import type { ViewerServices } from '../../machines/viewer/viewerServices';

export function SharedViewerScreen({ accessKey }: { accessKey: string }) {
  const { slot, machines, load } = useViewerActors({ kind: 'guest', accessKey });
  const view = useSelector(load, selectLoadView);
  const loaded = useSelector(load, selectLoaded);
  if (view === 'notFound') return <NotFoundScreen />;
  if (loaded?.kind !== 'guest') return <LoadStatus load={load} />;
  return <GuestViewer accessKey={accessKey} project={loaded.project} slot={slot} machines={machines} load={load} />;
}

interface GuestViewerProps {
  accessKey: string;
  project: SharedProject;
  slot: EngineSlot;
  machines: ReturnType<ViewerServices['machinesFor']>;
  load: LoadActor;
}

function GuestViewer({ accessKey, project, slot, machines, load }: GuestViewerProps) {
  const { viewer, session } = useAppServices();
  const user = useSelector(session, selectUser);
  const tools = useActorRef(machines.tools, { input: { permissions: project.shareOptions } });
  const [leftPanel, setLeftPanel] = useState<LeftPanel | null>(() =>
    project.shareOptions.isHierarchyVisible && hierarchyOpensByItself(window.innerWidth, window.innerHeight) ? 'hierarchy' : null,
  );
  const content = useViewerContent({
    ref: { accessKey },
    isPublicLink: true,
    projectName: project.name,
    authorName: user.fullName,
    authorAvatarUrl: user.avatarUrl,
    tools,
    load,
    notice: machines.notice,
  });
  return (
    <ViewerLayout
      variant="guest"
      tools={tools}
      load={load}
      slot={slot}
      logoUrl={viewer.sharedLogoUrl(accessKey)}
      leftPanel={leftPanel}
      onLeftPanel={setLeftPanel}
      projectPanel={<SharedProjectPanel project={project} />}
      {...content}
    >
      <LoadStatus load={load} />
    </ViewerLayout>
  );
}
