/** The sandbox at /sandbox (SPEC §2): the bundled sample model in wireframe mode, no project. */
import { useSelector } from '@xstate/react';
import { selectTools } from '../../machines/viewer/viewerSelectors';
import { useAppServices } from '../app/AppServices';
import { LoadStatus } from '../viewer/LoadStatus';
import { useViewerActor } from '../viewer/useViewerActor';
import { ViewerLayout } from '../viewer/ViewerLayout';

export function SandboxScreen() {
  const { viewer: services } = useAppServices();
  const { slot, viewer } = useViewerActor({ kind: 'sandbox', modelUrl: services.sandboxModelUrl });
  const tools = useSelector(viewer, selectTools);
  if (!tools) return <LoadStatus viewer={viewer} />;
  return (
    <ViewerLayout variant="sandbox" tools={tools} viewer={viewer} slot={slot} logoUrl="/logo.svg">
      <LoadStatus viewer={viewer} />
    </ViewerLayout>
  );
}
