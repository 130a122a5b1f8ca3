/**
 * The viewer screen shared by the owner, the guest and the sandbox (SPEC §2): the left toolbar
 * and its docked panels, the canvas with its controls, the data sheet, the selected-part box, the
 * step navigator and the tool chips, and the right toolbar with its panels. Content built apart
 * (hierarchy, comments, hyperlinks, step navigator) arrives through slots.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { EngineSlot } from '../../machines/viewer/load/enginePort';
import type { PartNode } from '../../machines/viewer/viewerTypes';
import type { LeftPanel } from '../../machines/viewer/viewerMachine';
import {
  selectDataSheetShown,
  selectedPart,
  selectLeftPanel,
  selectLoadingModelUrl,
  selectLoadView,
  selectLoaded,
  selectOpenPanel,
  selectPosterUrl,
} from '../../machines/viewer/viewerSelectors';
import { useAppServices } from '../app/AppServices';
import { useDocumentTitle } from '../app/documentTitle';
import { useLL } from '../app/I18nProvider';
import { CanvasHost, FirstFrameSlot, preloadModel, usePageFontsOnce } from './CanvasHost';
import type { PinMark } from './review/PinLayer';
import { LeftControls, RightControls } from './CanvasControls';
import { CompactToolbar } from './CompactToolbar';
import { useBackClosesSheet } from './useBackClosesSheet';
import { COMPACT_BAR_HEIGHT, DockPanel, SlotPlaceholder } from './DockPanel';
import { LeftToolbar } from './LeftToolbar';
import { ClippingPanel } from './panels/ClippingPanel';
import { DataSheetPanel } from './panels/DataSheetPanel';
import { useCoveredBottom, useFrameInsets } from './useFrameInsets';
import { useChangesBannerShown } from './LinkChangesBanner';
import { PresenceBar } from './PresenceBar';
import { PresencePointers } from './PresencePointers';
import { MeasurePanel } from './panels/MeasurePanel';
import { PartsListPanel } from './panels/PartsListPanel';
import { RenderModePanel } from './panels/RenderModePanel';
import { RightToolbar } from './RightToolbar';
import { ToolChips } from './ToolChips';
import { canvasEdgesOf, SIDE_TOOLBAR_WIDTH } from '../../model/layoutRules';
import { LEFT_PANEL_WIDTH, RIGHT_PANEL_WIDTH, useCompactLayout } from './useWindowWidth';
import { compactDataSheetShare } from '../../model/layoutRules';
import { BOOT_POSTER_ID } from '../../model/pageIds';
import type { ToolsActor, ViewerActor } from './viewerActors';

interface ViewerLayoutProps {
  variant: 'owner' | 'guest' | 'sandbox';
  tools: ToolsActor;
  /** The screen's viewer actor: the load, the left panel and the children. */
  viewer: ViewerActor;
  slot: EngineSlot;
  /** The project logo on links, else the branding logo. */
  logoUrl: string;
  /** The project panel (owner) or the shared-project panel (guest). */
  projectPanel?: ReactNode;
  /** The share panel (owner). */
  sharePanel?: ReactNode;
  /** The kept revisions (owner). */
  revisionsPanel?: ReactNode;
  hierarchyPanel?: ReactNode;
  commentsPanel?: ReactNode;
  hyperlinksPanel?: ReactNode;
  stepNavigator?: ReactNode;
  /** A link's approval (the Approve button, then who approved), over the model. */
  approvalBar?: ReactNode;
  /** Under the parts list: the way to the workshop page (owner). */
  partsListFooter?: ReactNode;
  /** Under the selected part's data sheet: its machining (owner, and a link that shows the parts list). */
  dataSheetFooter?: (part: PartNode) => ReactNode;
  commentCount?: number;
  hyperlinkCount?: number;
  /** Drawn over the 3D view (a note's markup). */
  canvasOverlay?: ReactNode;
  /** The review's pins, shown with the comments panel. */
  reviewPins?: { marks: readonly PinMark[]; openId: number | null; onPin(id: number): void } | null;
  /**
   * A note is being pinned or drawn: on a compact screen the part's data sheet (opened by the tap
   * that placed the pin) gives the view back to the drawing until the note is sent or cancelled.
   */
  composingNote?: boolean;
  /** Dialogs of the screen (rename, delete, loading, errors). */
  children?: ReactNode;
}

export function ViewerLayout(props: ViewerLayoutProps) {
  const { tools, viewer, slot } = props;
  const leftPanel = useSelector(viewer, selectLeftPanel);
  const onLeftPanel = useCallback((panel: LeftPanel | null) => viewer.send({ type: 'viewer.leftPanel', panel }), [viewer]);
  const LL = useLL();
  const { settings } = useAppServices();
  const unit = useSelector(settings, (s) => s.context.unit);
  const { compact, phone, width, height } = useCompactLayout();
  const rootRef = useRef<HTMLDivElement>(null);
  const [gizmo, setGizmo] = useState<HTMLCanvasElement | null>(null);
  const gizmoRef = useCallback((canvas: HTMLCanvasElement | null) => setGizmo(canvas), []);
  const openPanel = useSelector(tools, selectOpenPanel);
  const sheetShown = useSelector(tools, selectDataSheetShown) && !(compact && props.composingNote);
  // A panel's sheet takes the lower half of a compact screen: the model is framed again above it.
  const sheetOpen = compact && (leftPanel !== null || openPanel !== null);
  // A link's "what changed" banner (and its list of parts) over the model: a part framed from it lands above it.
  const stackRef = useRef<HTMLDivElement>(null);
  const coveredBottom = useCoveredBottom(rootRef, stackRef, useChangesBannerShown(viewer) && !sheetOpen);
  useFrameInsets(tools, compact, sheetShown, sheetOpen, coveredBottom);
  const part = useSelector(tools, (s) => selectedPart(s, viewer.getSnapshot()));
  const modelShown = useModelShownMark(viewer);
  // A load that ended (drawn, not found, failed) lets a shared link's page have its web fonts.
  usePageFontsOnce(useSelector(viewer, (s) => selectLoadView(s) !== 'loading'));
  const posterUrl = useSelector(viewer, selectPosterUrl);
  const projectName = useSelector(viewer, (s) => selectLoaded(s)?.project.name ?? null);
  useDocumentTitle(projectName && `${projectName} – ${LL.common.appName()}`, 1);
  // The page's own poster (drawn before any script) gives way to the layout's, which sits over the
  // canvas and shows the same picture: the one in the page when the server wrote it there, rather
  // than a request for it while the engine and the model are downloading.
  const [bootPoster] = useState(readBootPoster);
  useEffect(() => document.getElementById(BOOT_POSTER_ID)?.remove(), []);
  const posterSrc = posterUrl && bootPoster?.url === posterUrl ? bootPoster.src : posterUrl;
  // While the engine is still on its way, the model downloads beside it.
  const loadingModelUrl = useSelector(viewer, selectLoadingModelUrl);
  useEffect(() => {
    if (loadingModelUrl && !slot.get()) preloadModel(loadingModelUrl);
  }, [loadingModelUrl, slot]);

  useEffect(() => {
    const onChange = () => tools.send({ type: 'tools.fullScreen', value: document.fullscreenElement !== null });
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [tools]);
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void rootRef.current?.requestFullscreen?.().catch(() => {});
  };

  // The canvas's edges by the rule the link's first frame also lays its canvas out by (a docked panel shifts it).
  const edges = canvasEdgesOf(width, height, leftPanel !== null, openPanel !== null);
  const leftShift = compact ? 0 : edges.left - SIDE_TOOLBAR_WIDTH;
  const rightShift = compact ? 0 : edges.right - SIDE_TOOLBAR_WIDTH;
  useBackClosesSheet(sheetOpen, () => {
    onLeftPanel(null);
    tools.send({ type: 'tools.closePanel' });
  });
  const pending = <SlotPlaceholder text={LL.common.loading()} />;
  const leftTitles: Record<LeftPanel, string> = {
    project: props.variant === 'guest' ? LL.panels.sharedProject.title() : LL.panels.project.title(),
    share: LL.panels.share.title(),
    hierarchy: LL.viewer.hierarchy(),
    revisions: LL.revisions.title(),
  };
  const leftContent: Record<LeftPanel, ReactNode> = {
    project: props.projectPanel ?? pending,
    share: props.sharePanel ?? pending,
    hierarchy: props.hierarchyPanel ?? pending,
    revisions: props.revisionsPanel ?? pending,
  };
  const rightTitles = {
    render: LL.viewer.renderMode(),
    comments: LL.viewer.comments.title(),
    attachment: LL.viewer.hyperlinks.title(),
    measure: LL.viewer.measure.title(),
    clipping: LL.viewer.clipping.title(),
    parts: LL.workshop.partsList.title(),
  };
  const rightContent = {
    render: <RenderModePanel tools={tools} />,
    comments: props.commentsPanel ?? pending,
    attachment: props.hyperlinksPanel ?? pending,
    measure: <MeasurePanel tools={tools} />,
    clipping: <ClippingPanel tools={tools} />,
    parts: <PartsListPanel viewer={viewer} unit={unit} projectName={projectName ?? ''} footer={props.partsListFooter} />,
  };

  return (
    <div ref={rootRef} className="relative flex h-dvh overflow-hidden bg-surface text-fg">
      {compact ? null : <LeftToolbar variant={props.variant} tools={tools} leftPanel={leftPanel} onLeftPanel={onLeftPanel} />}
      <main className="relative min-w-0 flex-1 overflow-hidden">
        {/* Wide windows give docked panels their own room, so framed parts are never behind one. */}
        <div className="absolute inset-y-0" style={{ left: leftShift, right: rightShift }} data-model-shown={modelShown ? 'true' : 'false'}>
          <CanvasHost slot={slot} tools={tools} unit={unit} gizmo={gizmo} label={LL.viewer.canvas()} pins={openPanel === 'comments' ? props.reviewPins : null} />
          {props.canvasOverlay}
          <PresencePointers viewer={viewer} slot={slot} />
          {posterSrc ? (
            <img
              src={posterSrc}
              alt=""
              data-testid="model-poster"
              className="pointer-events-none absolute inset-0 h-full w-full object-contain"
              onError={(event) => (event.currentTarget.style.display = "none")}
            />
          ) : null}
          {modelShown ? null : <FirstFrameSlot />}
        </div>
        {leftPanel ? (
          <DockPanel side="left" sheet={compact} overlay={leftShift === 0} width={LEFT_PANEL_WIDTH} title={leftTitles[leftPanel]} onClose={() => onLeftPanel(null)}>
            {leftContent[leftPanel]}
          </DockPanel>
        ) : null}
        <LeftControls tools={tools} logoUrl={props.logoUrl} shift={leftShift} compact={compact} />
        {sheetShown ? (
          <section
            aria-label={LL.viewer.dataSheet()}
            className={`absolute z-10 rounded-xl border border-border bg-surface-raised p-4 shadow-xl shadow-black/40 transition-transform duration-200 ${
              compact ? 'inset-x-2 top-[4.5rem] overflow-y-auto' : 'top-20 left-3 w-72'
            }`}
            style={{ transform: `translateX(${leftShift}px)`, ...(compact ? { maxHeight: `${compactDataSheetShare(sheetOpen) * 100}dvh` } : {}) }}
          >
            <h2 className="mb-3 text-sm font-extrabold text-fg">{LL.viewer.dataSheet()}</h2>
            <DataSheetPanel part={part} unit={unit} />
            {part && part.children.length === 0 && props.dataSheetFooter ? props.dataSheetFooter(part) : null}
          </section>
        ) : null}
        {compact ? null : (
          // Who is here, over the model's top edge (a phone has it above the toolbar, in the stack below).
          <div className="pointer-events-none absolute top-3 z-20 flex justify-center" style={{ left: leftShift + 12, right: rightShift + 12 }}>
            <PresenceBar viewer={viewer} compact={false} />
          </div>
        )}
        <RightControls tools={tools} shift={rightShift} onFullScreen={phone ? undefined : toggleFullScreen} gizmoRef={gizmoRef} compact={compact} />
        {sheetOpen ? null : (
          // Centred over the visible model: docked panels and the selected part's box stay clear of it.
          <div
            ref={stackRef}
            className="pointer-events-none absolute z-10 flex flex-col items-center gap-2"
            style={{ bottom: compact ? `calc(${COMPACT_BAR_HEIGHT} + 0.5rem)` : '0.75rem', left: leftShift + 12, right: rightShift + 12 }}
          >
            {compact && part ? (
              <p dir="auto" aria-label={LL.viewer.selectedPart()} className="max-w-full truncate rounded-lg border border-border bg-surface-raised px-3 py-2 text-sm font-semibold text-fg">
                {part.name}
              </p>
            ) : null}
            {compact ? <PresenceBar viewer={viewer} compact /> : null}
            {props.approvalBar ? <div className="pointer-events-auto">{props.approvalBar}</div> : null}
            <div className="pointer-events-auto">{props.stepNavigator}</div>
            <div className="pointer-events-auto">
              <ToolChips tools={tools} />
            </div>
          </div>
        )}
        {part && !compact ? (
          <p
            dir="auto"
            aria-label={LL.viewer.selectedPart()}
            className="absolute bottom-3 left-3 z-10 max-w-64 truncate rounded-lg border border-border bg-surface-raised/90 px-3 py-2 text-sm font-semibold text-fg transition-transform duration-200"
            style={{ transform: `translateX(${leftShift}px)` }}
          >
            {part.name}
          </p>
        ) : null}
        {openPanel ? (
          <DockPanel side="right" sheet={compact} overlay={rightShift === 0} width={RIGHT_PANEL_WIDTH} title={rightTitles[openPanel]} onClose={() => tools.send({ type: 'tools.closePanel' })}>
            {rightContent[openPanel]}
          </DockPanel>
        ) : null}
      </main>
      {compact ? (
        <CompactToolbar
          variant={props.variant}
          tools={tools}
          leftPanel={leftPanel}
          onLeftPanel={onLeftPanel}
          commentCount={props.commentCount ?? 0}
          hyperlinkCount={props.hyperlinkCount ?? 0}
          width={width}
        />
      ) : (
        <RightToolbar tools={tools} commentCount={props.commentCount ?? 0} hyperlinkCount={props.hyperlinkCount ?? 0} />
      )}
      {props.children}
    </div>
  );
}

/**
 * Whether the model's first frame is on screen (the load reached `ready` once the engine drew it).
 * Marks that moment once as the `model-first-frame` performance entry, for benchmarks and the
 * browser's own performance tools.
 */
function useModelShownMark(viewer: ViewerActor): boolean {
  const shown = useSelector(viewer, (s) => selectLoadView(s) === 'ready');
  useEffect(() => {
    if (shown && performance.getEntriesByName(MODEL_FIRST_FRAME).length === 0) performance.mark(MODEL_FIRST_FRAME);
  }, [shown]);
  return shown;
}

const MODEL_FIRST_FRAME = 'model-first-frame';

/** The boot poster's picture and the poster URL it stands for. */
function readBootPoster(): { src: string; url: string } | null {
  const img = document.querySelector(`#${BOOT_POSTER_ID} img`);
  const src = img?.getAttribute('src');
  const url = img?.getAttribute('data-url');
  return src && url ? { src, url } : null;
}
