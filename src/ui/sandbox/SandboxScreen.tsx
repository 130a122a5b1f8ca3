/** The sandbox at /sandbox (SPEC §2): the bundled sample model in wireframe mode, no project. */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { ALL_SHARE_OPTIONS } from '../../machines/viewer/viewerTypes';
import { useAppServices } from '../app/AppServices';
import { LoadStatus } from '../viewer/LoadStatus';
import { useViewerActors } from '../viewer/useViewerActors';
import { ViewerLayout, type LeftPanel } from '../viewer/ViewerLayout';

const SANDBOX_PERMISSIONS = { ...ALL_SHARE_OPTIONS, isHierarchyVisible: false, isCommentsVisible: false, isAttachmentVisible: false };

export function SandboxScreen() {
  const { viewer } = useAppServices();
  const { slot, machines, load } = useViewerActors({ kind: 'sandbox', modelUrl: viewer.sandboxModelUrl });
  const tools = useActorRef(machines.tools, { input: { permissions: SANDBOX_PERMISSIONS } });
  const [leftPanel, setLeftPanel] = useState<LeftPanel | null>(null);
  return (
    <ViewerLayout variant="sandbox" tools={tools} load={load} slot={slot} logoUrl="/logo.svg" leftPanel={leftPanel} onLeftPanel={setLeftPanel}>
      <LoadStatus load={load} />
    </ViewerLayout>
  );
}
