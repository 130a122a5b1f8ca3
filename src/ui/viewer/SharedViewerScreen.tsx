/**
 * The shared-link viewer at /s/{accessKey} (SPEC §2, §6): the share options gate the panels and
 * render modes; the hierarchy opens by itself when allowed on a window large enough. An unknown
 * or unpublished key shows the load error dialog, whose Close returns to /. While the link offers
 * approval, the client approves the revision they see (the Approve button over the model and its
 * dialog). A link opened with AR requested (`?ar=1`) on a phone offers AR at once. The shared viewer
 * machine runs it all.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { SharedProject } from '../../machines/types';
import type { EngineSlot } from '../../machines/viewer/load/enginePort';
import { selectLoaded, selectTools } from '../../machines/viewer/viewerSelectors';
import { useAppServices } from '../app/AppServices';
import { PanelMachining } from '../machining/PanelMachining';
import { ApprovalBar, LinkApprovalDialog } from './ApprovalBar';
import { ArRequestPrompt } from './ArRequestPrompt';
import { useArCabinet } from './ViewInRoomLink';
import { LoadStatus } from './LoadStatus';
import { SharedProjectPanel } from './panels/SharedProjectPanel';
import { LinkOptions, OptionsButton, OptionsSummary } from './panels/LinkOptions';
import { parseSelection } from '../../model/quote/quoteOptions';
import { useViewerActor } from './useViewerActor';
import { useViewerContent } from './useViewerContent';
import { LinkChangesBanner } from './LinkChangesBanner';
import type { ToolsActor, ViewerActor } from './viewerActors';
import { ViewerLayout } from './ViewerLayout';

export function SharedViewerScreen({ accessKey }: { accessKey: string }) {
  const { slot, viewer } = useViewerActor({ kind: 'guest', accessKey });
  const loaded = useSelector(viewer, selectLoaded);
  const tools = useSelector(viewer, selectTools);
  if (loaded?.kind !== 'guest' || !tools) return <LoadStatus viewer={viewer} />;
  return <GuestViewer accessKey={accessKey} project={loaded.project} slot={slot} viewer={viewer} tools={tools} />;
}

interface GuestViewerProps {
  accessKey: string;
  project: SharedProject;
  slot: EngineSlot;
  viewer: ViewerActor;
  tools: ToolsActor;
}

function GuestViewer({ accessKey, project, slot, viewer, tools }: GuestViewerProps) {
  const { viewer: services } = useAppServices();
  const content = useViewerContent(viewer, tools, { isPublicLink: true, projectName: project.name });
  // The link's API folder, which its logo's URL names: its AR files are there too.
  const linkApiUrl = services.sharedLogoUrl(accessKey).replace(/\/logo$/, '');
  const arCabinet = useArCabinet(viewer, tools);
  // The workshop's link (one that shows the parts list) shows a panel's machining too, when asked.
  const machining = useActorRef(services.machining, { input: { ref: { accessKey } } });
  // The client's options, where offered: chosen here, kept in the URL, drawn on the model.
  const options = useActorRef(services.linkOptions, {
    input: { accessKey, offered: project.shareOptions.isOptionsAvailable, slot, selection: parseSelection(new URLSearchParams(window.location.search).get('options')) },
  });
  return (
    <ViewerLayout
      variant="guest"
      tools={tools}
      viewer={viewer}
      slot={slot}
      logoUrl={services.sharedLogoUrl(accessKey)}
      dataSheetFooter={project.shareOptions.isPartsListAvailable ? (part) => <PanelMachining actor={machining} node={part.id} /> : undefined}
      projectPanel={
        <SharedProjectPanel
          project={project}
          accessKey={accessKey}
          linkApiUrl={linkApiUrl}
          arCabinet={arCabinet}
          options={project.shareOptions.isOptionsAvailable ? <LinkOptions actor={options} quotePdfUrl={`${linkApiUrl}/quote.pdf`} /> : undefined}
        />
      }
      approvalBar={
        <div className="flex flex-col items-center gap-2">
          <LinkChangesBanner viewer={viewer} />
          <div className="flex flex-wrap items-center justify-center gap-2">
            <OptionsButton actor={options} viewer={viewer} />
            <ApprovalBar viewer={viewer} />
          </div>
        </div>
      }
      {...content}
    >
      <LoadStatus viewer={viewer} />
      <LinkApprovalDialog viewer={viewer} summary={project.shareOptions.isOptionsAvailable ? <OptionsSummary actor={options} /> : undefined} />
      {project.shareOptions.isArAvailable ? <ArRequestPrompt linkApiUrl={linkApiUrl} posterUrl={project.thumbnailUrl || null} /> : null}
    </ViewerLayout>
  );
}
