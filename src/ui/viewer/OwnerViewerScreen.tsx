/**
 * The owner's viewer at /projects/{id} (SPEC §2, §6): back to the list, the project and share
 * panels (rename, update, delete, stage, publish and options), and every tool.
 */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectUser } from '../../machines/session/sessionSelectors';
import type { Project } from '../../machines/types';
import type { EngineSlot } from '../../machines/viewer/enginePort';
import { selectDeleteChild, selectLoaded, selectRenameChild, selectShareChild } from '../../machines/viewer/viewerSelectors';
import type { ViewerServices } from '../../machines/viewer/viewerServices';
import { ALL_SHARE_OPTIONS } from '../../machines/viewer/viewerTypes';
import { useAppServices } from '../app/AppServices';
import { DeleteDialog } from '../dialogs/DeleteDialog';
import { RenameDialog } from '../dialogs/RenameDialog';
import { LoadStatus } from './LoadStatus';
import { ProjectPanel } from './panels/ProjectPanel';
import { SharePanel } from './panels/SharePanel';
import { useViewerActors } from './useViewerActors';
import { useViewerContent } from './useViewerContent';
import type { LoadActor } from './viewerActors';
import { ViewerLayout, type LeftPanel } from './ViewerLayout';

export function OwnerViewerScreen({ projectId }: { projectId: number }) {
  const { slot, machines, load } = useViewerActors({ kind: 'owner', id: projectId });
  const loaded = useSelector(load, selectLoaded);
  if (loaded?.kind !== 'owner') return <LoadStatus load={load} />;
  return <OwnerViewer project={loaded.project} slot={slot} machines={machines} load={load} />;
}

interface OwnerViewerProps {
  project: Project;
  slot: EngineSlot;
  machines: ReturnType<ViewerServices['machinesFor']>;
  load: LoadActor;
}

function OwnerViewer({ project: initial, slot, machines, load }: OwnerViewerProps) {
  const navigate = useNavigate();
  const { viewer, projects, session } = useAppServices();
  const user = useSelector(session, selectUser);
  const tools = useActorRef(machines.tools, { input: { permissions: ALL_SHARE_OPTIONS } });
  const owner = useActorRef(viewer.owner, { input: { project: initial } });
  const branding = useActorRef(projects.machines.branding);
  const logoUrl = useSelector(branding, (s) => s.context.logoUrl) ?? '/logo.svg';
  const project = useSelector(owner, (s) => s.context.project);
  const deleted = useSelector(owner, (s) => s.status === 'done');
  const rename = useSelector(owner, selectRenameChild);
  const remove = useSelector(owner, selectDeleteChild);
  const share = useSelector(owner, selectShareChild);
  const [leftPanel, setLeftPanel] = useState<LeftPanel | null>(null);

  // The share machine runs while the share panel is open.
  useEffect(() => {
    if (leftPanel !== 'share') return;
    owner.send({ type: 'owner.openShare' });
    return () => owner.send({ type: 'owner.closeShare' });
  }, [leftPanel, owner]);
  useEffect(() => load.send({ type: 'project.changed', project }), [load, project]);
  useEffect(() => {
    if (deleted) void navigate({ to: '/' });
  }, [deleted, navigate]);
  // A model update made from the project panel: load the new model.
  useEffect(() => {
    const sub = projects.upload.on('upload.updated', ({ project: updated }) => {
      if (updated.id !== initial.id) return;
      owner.send({ type: 'owner.replaced', project: updated });
      load.send({ type: 'project.modelUpdated', project: updated });
    });
    return () => sub.unsubscribe();
  }, [projects.upload, owner, load, initial.id]);

  const content = useViewerContent({
    ref: { id: initial.id },
    isPublicLink: false,
    projectName: project.name,
    authorName: user.fullName,
    authorAvatarUrl: user.avatarUrl,
    tools,
    load,
    notice: machines.notice,
  });
  return (
    <ViewerLayout
      variant="owner"
      tools={tools}
      load={load}
      slot={slot}
      logoUrl={logoUrl}
      leftPanel={leftPanel}
      onLeftPanel={setLeftPanel}
      projectPanel={<ProjectPanel owner={owner} onMoreOptions={() => setLeftPanel('share')} />}
      sharePanel={share ? <SharePanel actor={share} /> : undefined}
      {...content}
    >
      <LoadStatus load={load} />
      {rename ? <RenameDialog key={rename.id} actor={rename} /> : null}
      {remove ? <DeleteDialog key={remove.id} actor={remove} /> : null}
    </ViewerLayout>
  );
}
