/**
 * The controls over the canvas (SPEC §2): top left the brand logo and the data-sheet button with
 * its dot badge; top right the camera orientation dropdown, the full-screen toggle and the camera
 * reset button with the orientation gizmo. The groups shift aside when panels are docked.
 */
import { useSelector } from '@xstate/react';
import { selectBadge, selectCameraView, selectDataSheetShown, selectFullScreen, selectSelectedId } from '../../machines/viewer/viewerSelectors';
import { CAMERA_VIEWS, type CameraView } from '../../machines/viewer/viewerTypes';
import { useLL } from '../app/I18nProvider';
import { InfoIcon } from '../common/icons';
import { SelectMenu } from '../common/SelectMenu';
import type { ToolsActor } from './viewerActors';
import { CompressIcon, ExpandIcon } from './viewerIcons';

const overlayButton =
  'relative flex size-11 shrink-0 items-center justify-center rounded-xl border border-border bg-surface-raised/90 text-fg-muted shadow-lg shadow-black/30 hover:text-fg disabled:cursor-not-allowed disabled:opacity-50';

export function LeftControls({ tools, logoUrl, shift, compact = false }: { tools: ToolsActor; logoUrl: string; shift: number; compact?: boolean }) {
  const LL = useLL();
  const badge = useSelector(tools, selectBadge);
  const shown = useSelector(tools, selectDataSheetShown);
  const hasSelection = useSelector(tools, (s) => selectSelectedId(s) !== null);
  return (
    <div className={`absolute z-10 flex items-start transition-transform duration-200 ${compact ? 'top-2 left-2 gap-2' : 'top-3 left-3 gap-3'}`} style={{ transform: `translateX(${shift}px)` }}>
      <img src={logoUrl} alt={LL.viewer.brandLogo()} className={`object-contain ${compact ? 'max-h-11 max-w-20' : 'max-h-[50px] max-w-[100px]'}`} />
      <button
        type="button"
        className={`${overlayButton} ${shown ? 'border-primary text-primary' : ''}`}
        aria-label={LL.viewer.dataSheet()}
        title={LL.viewer.dataSheet()}
        aria-pressed={shown}
        disabled={!hasSelection}
        onClick={() => tools.send({ type: 'tools.toggleDataSheet' })}
      >
        <InfoIcon />
        {badge ? <span data-testid="data-sheet-badge" className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-primary" /> : null}
      </button>
    </div>
  );
}

interface RightControlsProps {
  tools: ToolsActor;
  shift: number;
  /** Absent on phones, whose browsers give the page the screen themselves. */
  onFullScreen?(): void;
  gizmoRef(canvas: HTMLCanvasElement | null): void;
  compact?: boolean;
}

export function RightControls({ tools, shift, onFullScreen, gizmoRef, compact = false }: RightControlsProps) {
  const LL = useLL();
  const view = useSelector(tools, selectCameraView);
  const fullScreen = useSelector(tools, selectFullScreen);
  const fullLabel = fullScreen ? LL.viewer.exitFullScreen() : LL.viewer.fullScreen();
  return (
    <div className={`absolute z-10 flex items-start gap-2 transition-transform duration-200 ${compact ? 'top-2 right-2' : 'top-3 right-3'}`} style={{ transform: `translateX(${-shift}px)` }}>
      <SelectMenu<CameraView>
        label={LL.viewer.cameraOrientation()}
        value={view}
        options={CAMERA_VIEWS.map((v) => ({ value: v, label: LL.viewer.camera[v]() }))}
        onChange={(v) => tools.send({ type: 'tools.cameraView', view: v })}
        buttonClassName="h-11 bg-surface-raised/90"
      />
      {onFullScreen ? (
        <button type="button" className={overlayButton} aria-label={fullLabel} title={fullLabel} onClick={onFullScreen}>
          {fullScreen ? <CompressIcon /> : <ExpandIcon />}
        </button>
      ) : null}
      <button
        type="button"
        className={`relative flex ${compact ? 'size-12' : 'size-16'} items-center justify-center rounded-xl border border-border bg-surface-raised/90 shadow-lg shadow-black/30 hover:border-primary`}
        aria-label={LL.viewer.resetCamera()}
        title={LL.viewer.resetCamera()}
        onClick={() => tools.send({ type: 'tools.resetCamera' })}
      >
        <canvas ref={gizmoRef} width={112} height={112} className={compact ? 'size-10' : 'size-14'} aria-hidden="true" />
      </button>
    </div>
  );
}
