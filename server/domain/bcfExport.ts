/**
 * A project's notes as a BCF 3.0 archive (buildingSMART's BIM Collaboration Format), for BIM tools:
 * one topic per comment (its replies are the topic's further comments), open or closed as the owner
 * left it; a comment pinned with a view gets a viewpoint: the camera (perspective, 45° vertical, or
 * orthogonal), the clipping plane, the selected part (the pin's), the hidden or isolated parts, and
 * a snapshot (the revision's poster). Parts are named by `AuthoringToolId` (our part id), as BCF 3.0
 * allows for components without an IFC GUID. BCF is Z-up in metres: a glTF point (x, y, z) is
 * (x, -z, y) there.
 */
import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { NotePin, NoteStatus, NoteView } from '../../src/api/reviewSchemas';
import { cleanText, oneLine } from '../../src/model/text/safeText';

export interface BcfComment {
  id: number;
  authorName: string;
  text: string;
  /** Seconds. */
  createdAt: number;
}

export interface BcfNote extends BcfComment {
  status: NoteStatus;
  pin: NotePin | null;
  view: NoteView | null;
  replies: BcfComment[];
}

interface BcfInput {
  project: { id: number; name: string };
  notes: BcfNote[];
  /** The snapshot of every viewpoint (PNG), when there is one. */
  snapshotPng?: Uint8Array;
  /** Viewport proportions of the snapshots and cameras. */
  aspectRatio?: number;
}

/** Vertical field of view of the viewer's perspective camera, degrees. */
const BCF_FIELD_OF_VIEW = 45;

/** A stable GUID from a name (the same note always gets the same topic GUID). */
function guidFor(name: string): string {
  const h = createHash('sha1').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Text for XML, without the control and text-direction characters of src/model/text/safeText.ts (also
 * those of notes stored before the rule): names and titles as one line, notes keeping line feeds.
 */
const escapeXml = (text: string) => cleanText(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
const escapeLine = (text: string) => escapeXml(oneLine(text));
const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const header = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

type V3 = readonly [number, number, number];
const toZUp = ([x, y, z]: V3): V3 => [x, -z, y];
const num = (v: number) => (Math.abs(v) < 1e-12 ? '0' : String(Math.round(v * 1e6) / 1e6));
const point = (tag: string, v: V3) => `<${tag}><X>${num(v[0])}</X><Y>${num(v[1])}</Y><Z>${num(v[2])}</Z></${tag}>`;
function normalize(v: V3): V3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** The camera's up vector in BCF space: world Z, unless the camera looks straight up or down (then world Y). */
function upFor(direction: V3): V3 {
  return Math.abs(direction[2]) > 0.999 ? [0, 1, 0] : [0, 0, 1];
}

const component = (id: string) => `<Component><AuthoringToolId>${escapeXml(id)}</AuthoringToolId></Component>`;

function visualizationInfo(guid: string, view: NoteView, pin: NotePin | null, aspectRatio: number): string {
  const selection = pin?.partId ? `<Selection>${component(pin.partId)}</Selection>` : '';
  const isolated = view.isolated;
  const visibility = isolated
    ? `<Visibility DefaultVisibility="false"><Exceptions>${isolated.map(component).join('')}</Exceptions></Visibility>`
    : `<Visibility DefaultVisibility="true">${view.hidden.length > 0 ? `<Exceptions>${view.hidden.map(component).join('')}</Exceptions>` : ''}</Visibility>`;
  const position = toZUp(view.camera.position);
  const direction = normalize(toZUp([view.camera.target[0] - view.camera.position[0], view.camera.target[1] - view.camera.position[1], view.camera.target[2] - view.camera.position[2]]));
  const place = `${point('CameraViewPoint', position)}${point('CameraDirection', direction)}${point('CameraUpVector', upFor(direction))}`;
  const camera =
    view.camera.orthoHalfHeight === null
      ? `<PerspectiveCamera>${place}<FieldOfView>${BCF_FIELD_OF_VIEW}</FieldOfView><AspectRatio>${num(aspectRatio)}</AspectRatio></PerspectiveCamera>`
      : `<OrthogonalCamera>${place}<ViewToWorldScale>${num(2 * view.camera.orthoHalfHeight)}</ViewToWorldScale><AspectRatio>${num(aspectRatio)}</AspectRatio></OrthogonalCamera>`;
  const clip = view.clipping;
  let planes = '';
  if (clip?.origin) {
    // The viewer keeps what lies below the plane along its axis (above when inverted): BCF keeps what is behind the direction.
    const axis: V3 = clip.axis === 'x' ? [1, 0, 0] : clip.axis === 'y' ? [0, 1, 0] : [0, 0, 1];
    const outward: V3 = clip.inverted ? [-axis[0], -axis[1], -axis[2]] : axis;
    planes = `<ClippingPlanes><ClippingPlane>${point('Location', toZUp(clip.origin))}${point('Direction', toZUp(outward))}</ClippingPlane></ClippingPlanes>`;
  }
  return `${header}<VisualizationInfo Guid="${guid}" ${XSI}><Components>${selection}${visibility}</Components>${camera}${planes}</VisualizationInfo>\n`;
}

function commentXml(comment: BcfComment, viewpointGuid: string | null): string {
  const viewpoint = viewpointGuid ? `<Viewpoint Guid="${viewpointGuid}"/>` : '';
  return `<Comment Guid="${guidFor(`comment:${comment.id}`)}"><Date>${isoDate(comment.createdAt)}</Date><Author>${escapeLine(comment.authorName)}</Author><Comment>${escapeXml(comment.text)}</Comment>${viewpoint}</Comment>`;
}

function markupXml(note: BcfNote, viewpointGuid: string | null, hasSnapshot: boolean): string {
  const title = oneLine(cleanText(note.text).split('\n')[0]).trim().slice(0, 80) || `#${note.id}`;
  const comments = [commentXml(note, viewpointGuid), ...note.replies.map((r) => commentXml(r, null))].join('');
  const viewpoints = viewpointGuid
    ? `<Viewpoints><ViewPoint Guid="${viewpointGuid}"><Viewpoint>viewpoint.bcfv</Viewpoint>${hasSnapshot ? '<Snapshot>snapshot.png</Snapshot>' : ''}</ViewPoint></Viewpoints>`
    : '';
  const status = note.status === 'resolved' ? 'Closed' : 'Open';
  return (
    `${header}<Markup ${XSI}><Topic Guid="${guidFor(`topic:${note.id}`)}" TopicType="Comment" TopicStatus="${status}">` +
    `<Title>${escapeLine(title)}</Title><CreationDate>${isoDate(note.createdAt)}</CreationDate><CreationAuthor>${escapeLine(note.authorName)}</CreationAuthor>` +
    `<Description>${escapeXml(note.text)}</Description><Comments>${comments}</Comments>${viewpoints}</Topic></Markup>\n`
  );
}

/** The archive's files, by path. */
function bcfFiles(input: BcfInput): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {
    'bcf.version': strToU8(`${header}<Version VersionId="3.0" ${XSI}/>\n`),
    'project.bcfp': strToU8(`${header}<ProjectInfo ${XSI}><Project ProjectId="${guidFor(`project:${input.project.id}`)}"><Name>${escapeLine(input.project.name)}</Name></Project></ProjectInfo>\n`),
    'extensions.xml': strToU8(
      `${header}<Extensions ${XSI}><TopicTypes><TopicType>Comment</TopicType></TopicTypes><TopicStatuses><TopicStatus>Open</TopicStatus><TopicStatus>Closed</TopicStatus></TopicStatuses></Extensions>\n`,
    ),
  };
  for (const note of input.notes) {
    const folder = guidFor(`topic:${note.id}`);
    const viewpointGuid = note.view ? guidFor(`viewpoint:${note.id}`) : null;
    files[`${folder}/markup.bcf`] = strToU8(markupXml(note, viewpointGuid, input.snapshotPng !== undefined));
    if (note.view && viewpointGuid) {
      files[`${folder}/viewpoint.bcfv`] = strToU8(visualizationInfo(viewpointGuid, note.view, note.pin, input.aspectRatio ?? 16 / 9));
      if (input.snapshotPng) files[`${folder}/snapshot.png`] = input.snapshotPng;
    }
  }
  return files;
}

export function bcfArchive(input: BcfInput): Uint8Array {
  return zipSync(bcfFiles(input), { level: 6 });
}
