/**
 * The owner's viewer at /projects/{id} (SPEC §2, §6): back to the list, the project and share
 * panels (rename, update, delete, stage, publish and options), and every tool. The owner viewer
 * machine runs it all; this view reads its snapshot and its children's.
 */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { arFolderOfModelUrl } from '../../machines/viewer/tools/arLaunch';
import type { Project } from '../../machines/types';
import type { EngineSlot } from '../../machines/viewer/load/enginePort';
import {
  selectDeleteChild,
  selectLoaded,
  selectOwnerChild,
  selectRenameChild,
  selectRevisionsChild,
  selectShareChild,
  selectTools,
} from '../../machines/viewer/viewerSelectors';
import { useAppServices } from '../app/AppServices';
import { PanelMachining } from '../machining/PanelMachining';
import { useLL } from '../app/I18nProvider';
import { DeleteDialog } from '../dialogs/DeleteDialog';
import { RenameDialog } from '../dialogs/RenameDialog';
import { ArRequestPrompt } from './ArRequestPrompt';
import { useArCabinet } from './ViewInRoomLink';
import { LoadStatus } from './LoadStatus';
import { ProjectPanel } from './panels/ProjectPanel';
import { RevisionsPanel } from './panels/RevisionsPanel';
import { RevisionBanner } from './RevisionBanner';
import { SharePanel } from './panels/SharePanel';
import { useViewerActor } from './useViewerActor';
import { useViewerContent } from './useViewerContent';
import type { OwnerActor, ToolsActor, ViewerActor } from './viewerActors';
import { ViewerLayout } from './ViewerLayout';

export function OwnerViewerScreen({ projectId }: { projectId: number }) {
  const navigate = useNavigate();
  const { slot, viewer } = useViewerActor({ kind: 'owner', id: projectId }, { returnToList: () => void navigate({ to: '/' }) });
  const loaded = useSelector(viewer, selectLoaded);
  const owner = useSelector(viewer, selectOwnerChild);
  const tools = useSelector(viewer, selectTools);
  if (loaded?.kind !== 'owner' || !owner || !tools) return <LoadStatus viewer={viewer} />;
  return <OwnerViewer project={loaded.project} slot={slot} viewer={viewer} owner={owner} tools={tools} />;
}

interface OwnerViewerProps {
  project: Project;
  slot: EngineSlot;
  viewer: ViewerActor;
  owner: OwnerActor;
  tools: ToolsActor;
}

function OwnerViewer({ project, slot, viewer, owner, tools }: OwnerViewerProps) {
  const { projects } = useAppServices();
  const branding = useActorRef(projects.machines.branding);
  const logoUrl = useSelector(branding, (s) => s.context.logoUrl) ?? '/logo.svg';
  const rename = useSelector(owner, selectRenameChild);
  const remove = useSelector(owner, selectDeleteChild);
  const share = useSelector(owner, selectShareChild);
  const revisions = useSelector(viewer, selectRevisionsChild);
  const content = useViewerContent(viewer, tools, { isPublicLink: false, projectName: project.name });
  const LL = useLL();
  const arFolder = arFolderOfModelUrl(project.modelUrl);
  const arCabinet = useArCabinet(viewer, tools);
  const { viewer: services } = useAppServices();
  // Read when a panel's data sheet asks for it (the machine starts idle).
  const machining = useActorRef(services.machining, { input: { ref: { id: project.id } } });
  return (
    <ViewerLayout
      variant="owner"
      tools={tools}
      viewer={viewer}
      slot={slot}
      logoUrl={logoUrl}
      projectPanel={
        <ProjectPanel
          owner={owner}
          onMoreOptions={() => viewer.send({ type: 'viewer.leftPanel', panel: 'share' })}
          onRevisions={() => viewer.send({ type: 'viewer.leftPanel', panel: 'revisions' })}
          arCabinet={arCabinet}
        />
      }
      sharePanel={share ? <SharePanel actor={share} /> : undefined}
      revisionsPanel={revisions ? <RevisionsPanel actor={revisions} /> : undefined}
      dataSheetFooter={(part) => <PanelMachining actor={machining} node={part.id} />}
      partsListFooter={
        <a href={`/projects/${project.id}/workshop`} className="text-sm font-semibold text-primary hover:text-primary-hover">
          {LL.cutting.open()}
        </a>
      }
      {...content}
    >
      <LoadStatus viewer={viewer} />
      {revisions ? <RevisionBanner viewer={viewer} revisions={revisions} /> : null}
      {rename ? <RenameDialog key={rename.id} actor={rename} /> : null}
      {remove ? <DeleteDialog key={remove.id} actor={remove} /> : null}
      {/* This page opened on the owner's phone from the desktop's QR code: AR at once. */}
      {arFolder ? <ArRequestPrompt linkApiUrl={arFolder} posterUrl={project.thumbnailUrl || null} /> : null}
    </ViewerLayout>
  );
}
