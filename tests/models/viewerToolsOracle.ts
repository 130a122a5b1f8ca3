/**
 * The viewer tools oracle, from SPEC §4 "Viewer" and §6: one right panel open at a time, among
 * those the viewer offers (render and measure always; comments, attachments, clipping and the
 * parts list by permission); opening measure turns measure mode on, closing it turns it off and
 * clears the points; render modes only among the allowed ones (solid always), wireframe first if
 * available; only the seven camera views; the data sheet opens on the first selection only, later
 * selections show a badge, deselecting hides it, the info button works only with a selection;
 * a new model forgets the selection, hidden parts, measurement and exploded view.
 * Issue 35: the measure panel's tool is two points (SPEC) or a workshop measure (face to face,
 * angle, overall); the engine's point measure or that workshop tool is on while the panel is open
 * with it, and changing the tool with the panel open turns the old one off and the new one on.
 * Keeping, clearing and overall dimensions (of the selection, else the model) go to the engine;
 * the length format only among mm, in 1/16, 1/32, 1/64; the section box (on/off, around the
 * selection's cabinet or the model) only where the clipping plane is offered.
 */
import type { ShareOptions } from '../../src/api/schemas';
import type { EngineCommand, ViewerToolsEvent } from '../../src/machines/viewer/tools/viewerToolsMachine';
import type { ClippingState, Measurement, MeasureKind, SectionBoxState, WorkshopMeasures } from '../../src/machines/viewer/viewerTypes';
import type { Expected, Oracle } from '../helpers/modelBased';

type Panel = 'closed' | 'render' | 'comments' | 'attachment' | 'measure' | 'clipping' | 'parts';

export interface ToolsExpected extends Expected {
  value: { panel: Panel; dataSheet: 'hidden' | 'shown' };
  commands: EngineCommand[];
  renderMode: string;
  cameraView: string;
  clipping: ClippingState | null;
  measurement: Measurement | null;
  selectedId: string | null;
  everSelected: boolean;
  badge: boolean;
  fullScreen: boolean;
  hiddenIds: string[];
  explode: number;
  measureKind: MeasureKind;
  workshop: WorkshopMeasures | null;
  sectionBox: SectionBoxState | null;
  lengthFormat: string | null;
}

const VIEWS = ['free', 'top', 'bottom', 'left', 'right', 'front', 'back'];

function offeredPanels(p: ShareOptions): Panel[] {
  return ['render', 'measure', ...((p.isCommentsVisible ? ['comments'] : []) as Panel[]), ...((p.isAttachmentVisible ? ['attachment'] : []) as Panel[]),
    ...((p.isClippingPlaneAvailable ? ['clipping'] : []) as Panel[]), ...((p.isPartsListAvailable ? ['parts'] : []) as Panel[])];
}
function allowedModes(p: ShareOptions): string[] {
  return ['solid', ...(p.isXRayRenderModeAvailable ? ['xray'] : []), ...(p.isWireframeRenderModeAvailable ? ['wireframe'] : []), ...(p.isIllustrationRenderModeAvailable ? ['illustration'] : [])];
}

const KINDS = ['points', 'faceDistance', 'angle', 'overall'];
const FORMATS = ['mm', 'in16', 'in32', 'in64'];

/** The engine command that turns a measure tool on or off. */
function toolCommand(kind: MeasureKind, on: boolean): EngineCommand {
  return kind === 'points' ? { type: 'measureActive', active: on } : { type: 'workshopTool', tool: on ? kind : null };
}

export function viewerToolsOracle(permissions: ShareOptions): Oracle<ViewerToolsEvent, ToolsExpected> {
  const tool = (e: ToolsExpected, on: boolean): ToolsExpected => ({
    ...e,
    commands: [...e.commands, toolCommand(e.measureKind, on)],
    effects: [...e.effects, `${e.measureKind} measure ${on ? 'on' : 'off'}`],
  });
  const openPanel = (e: ToolsExpected, panel: Panel): ToolsExpected => {
    const from = e.value.panel;
    if (from === panel) return e;
    let next = { ...e, value: { ...e.value, panel } };
    if (from === 'measure') next = { ...tool(next, false), measurement: null };
    if (panel === 'measure') next = tool(next, true);
    return next;
  };
  const command = (e: ToolsExpected, c: EngineCommand): ToolsExpected => ({ ...e, commands: [...e.commands, c], effects: [...e.effects, `engine: ${JSON.stringify(c)}`] });
  return {
    initial: () => ({
      value: { panel: 'closed', dataSheet: 'hidden' },
      effects: [],
      commands: [],
      // SPEC: wireframe first where available; a link offering finishes starts solid (docs/decisions.md).
      renderMode: permissions.isWireframeRenderModeAvailable && !permissions.isOptionsAvailable ? 'wireframe' : 'solid',
      cameraView: 'free',
      clipping: null,
      measurement: null,
      selectedId: null,
      everSelected: false,
      badge: false,
      fullScreen: false,
      hiddenIds: [],
      explode: 0,
      measureKind: 'points',
      workshop: null,
      sectionBox: null,
      lengthFormat: null,
    }),
    next(prev, event) {
      const e: ToolsExpected = { ...prev, effects: [] };
      switch (event.type) {
        case 'tools.togglePanel':
          if (e.value.panel === event.panel) return openPanel(e, 'closed');
          return offeredPanels(permissions).includes(event.panel) ? openPanel(e, event.panel) : e;
        case 'tools.closePanel':
          return openPanel(e, 'closed');
        case 'engine.measure':
          return e.value.panel === 'measure' ? { ...e, measurement: event.measurement } : e;
        case 'engine.pick':
        case 'tools.select': {
          const id = event.partId;
          const first = id !== null && !e.everSelected;
          const shown = e.value.dataSheet === 'shown' || first;
          const badge = id !== null && !shown && e.everSelected;
          const next = { ...e, selectedId: id, everSelected: e.everSelected || id !== null, badge, value: { ...e.value, dataSheet: shown ? ('shown' as const) : ('hidden' as const) } };
          const selected = command(next, { type: 'selection', ids: id === null ? [] : [id] });
          // A row of the link's change list frames its part as well (issue 29).
          return event.type === 'tools.select' && event.frame === true && id !== null ? command(selected, { type: 'frame', ids: [id] }) : selected;
        }
        case 'tools.toggleDataSheet':
          if (e.value.dataSheet === 'shown') return { ...e, value: { ...e.value, dataSheet: 'hidden' } };
          return e.selectedId === null ? e : { ...e, badge: false, value: { ...e.value, dataSheet: 'shown' } };
        case 'tools.modelChanged':
          return { ...e, selectedId: null, badge: false, hiddenIds: [], measurement: null, explode: 0, workshop: null, value: { ...e.value, dataSheet: 'hidden' }, effects: ['the old model forgotten'] };
        case 'tools.renderMode':
          return allowedModes(permissions).includes(event.mode) ? command({ ...e, renderMode: event.mode }, { type: 'renderMode', mode: event.mode }) : e;
        case 'tools.clipping':
          return permissions.isClippingPlaneAvailable ? command(e, { type: 'clipping', settings: event.settings }) : e;
        case 'engine.clipping':
          return { ...e, clipping: event.clipping };
        case 'tools.cameraView':
          return VIEWS.includes(event.view) ? command({ ...e, cameraView: event.view }, { type: 'cameraView', view: event.view as never }) : e;
        case 'tools.resetCamera':
          return command(e, { type: 'resetCamera' });
        case 'tools.fullScreen':
          return { ...e, fullScreen: event.value };
        case 'tools.setVisible':
          return command(e, { type: 'visibility', ids: event.ids, isVisible: event.isVisible });
        case 'tools.debugCamera':
          return command(e, { type: 'debugCamera', enabled: event.enabled });
        case 'tools.frameInsets':
          return command(e, { type: 'frameInsets', insets: event.insets });
        case 'tools.explode': {
          const factor = Number.isFinite(event.factor) ? Math.min(1, Math.max(0, event.factor)) : 0;
          return factor === e.explode ? e : command({ ...e, explode: factor }, { type: 'explode', factor });
        }
        case 'engine.display':
          // What the engine shows now, whoever changed it: nothing goes back to the engine.
          return { ...e, renderMode: event.renderMode, explode: Math.min(1, Math.max(0, event.explode)) };
        case 'engine.visibility': {
          const hidden = new Set(e.hiddenIds);
          for (const c of event.changes) if (c.isVisible) hidden.delete(c.id); else hidden.add(c.id);
          return { ...e, hiddenIds: [...hidden].sort() };
        }
        case 'tools.measureKind': {
          if (!KINDS.includes(event.kind) || event.kind === e.measureKind) return e;
          if (e.value.panel !== 'measure') return { ...e, measureKind: event.kind };
          return tool({ ...tool(e, false), measureKind: event.kind, measurement: null }, true);
        }
        case 'tools.keepMeasure':
          return command(e, { type: 'keepMeasure' });
        case 'tools.clearMeasure':
          return command(e, event.id === undefined ? { type: 'clearWorkshopMeasure' } : { type: 'clearWorkshopMeasure', id: event.id });
        case 'tools.measureOverall':
          return command(e, { type: 'measureOverall', ids: e.selectedId === null ? [] : [e.selectedId] });
        case 'tools.lengthFormat':
          return FORMATS.includes(event.format) ? command({ ...e, lengthFormat: event.format }, { type: 'lengthFormat', format: event.format as never }) : e;
        case 'engine.workshop':
          return { ...e, workshop: event.measures };
        case 'tools.sectionBox':
          return permissions.isClippingPlaneAvailable ? command(e, { type: 'sectionBox', enabled: event.enabled }) : e;
        case 'tools.sectionAround':
          return permissions.isClippingPlaneAvailable ? command(e, { type: 'sectionAround', ids: event.whole || e.selectedId === null ? [] : [e.selectedId], frame: true }) : e;
        case 'engine.sectionBox':
          return { ...e, sectionBox: event.sectionBox };
        default:
          return e;
      }
    },
    check: () => {},
  };
}
