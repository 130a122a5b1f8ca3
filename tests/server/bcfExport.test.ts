/**
 * The notes as a BCF 3.0 archive, through the real server: every XML file validated by libxml2
 * against buildingSMART's BCF 3.0 schemas (tests/fixtures/bcf-3.0, unmodified), read back with a
 * real XML parser and checked against what the standard says beyond the schemas (GUIDs, dates, Z-up
 * metres), and against the notes that went in (topics, replies, status, cameras, clipping, selected
 * and hidden parts, snapshot).
 */
import { unzipSync, strFromU8 } from 'fflate';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteView } from '../../src/api/schemas';
import { posterBlobKey } from '../../server/domain/projectBlobKeys';
import { addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await addUser(server, 'Bea BIM');
});
afterAll(async () => server?.close());

const SHARE = ALL_SHARE_OPTIONS;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** BCF 3.0 markup.xsd: the elements of a Topic, in the order the schema's sequence has them. */
const TOPIC_ORDER = ['ReferenceLinks', 'Title', 'Priority', 'Index', 'Labels', 'CreationDate', 'CreationAuthor', 'ModifiedDate', 'ModifiedAuthor', 'DueDate', 'AssignedTo', 'Stage', 'Description', 'BimSnippet', 'DocumentReferences', 'RelatedTopics', 'Comments', 'Viewpoints'];

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', preserveOrder: false, isArray: (name) => ['Comment', 'ViewPoint', 'Component', 'ClippingPlane', 'TopicStatus', 'TopicType'].includes(name) });
const orderedParser = new XMLParser({ ignoreAttributes: true, preserveOrder: true });
function xml(bytes: Uint8Array) {
  const text = strFromU8(bytes);
  expect(XMLValidator.validate(text)).toBe(true);
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  return { doc: parser.parse(text), ordered: orderedParser.parse(text) as Record<string, unknown>[] };
}
const xyz = (p: { X: number; Y: number; Z: number }) => [Number(p.X), Number(p.Y), Number(p.Z)];

/** buildingSMART's BCF 3.0 schemas, unmodified (tests/fixtures/bcf-3.0). */
const SCHEMA_DIR = new URL('../fixtures/bcf-3.0/', import.meta.url);
const schemaFile = (name: string) => ({ fileName: name, contents: readFileSync(new URL(name, SCHEMA_DIR), 'utf8') });
const SHARED_TYPES = schemaFile('shared-types.xsd');
/** The schema each file of an archive answers to. */
function schemaOf(path: string): string {
  if (path === 'bcf.version') return 'version.xsd';
  if (path === 'project.bcfp') return 'project.xsd';
  if (path === 'extensions.xml') return 'extensions.xsd';
  if (path === 'documents.xml') return 'documents.xsd';
  if (path.endsWith('/markup.bcf')) return 'markup.xsd';
  if (path.endsWith('.bcfv')) return 'visinfo.xsd';
  throw new Error(`no BCF schema for ${path}`);
}
/** libxml2's errors of one file against its BCF 3.0 schema (none when it validates). */
async function schemaErrors(path: string, text: string): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: path.replace(/\//g, '_'), contents: text }, schema: schemaFile(schemaOf(path)), preload: [SHARED_TYPES] });
  return result.errors.map((error) => `${path}: ${error.message}`);
}

const PERSPECTIVE: NoteView = {
  camera: { view: 'free', position: [2, 1.5, 3], target: [0.5, 0.5, 0], orthoHalfHeight: null },
  renderMode: 'solid',
  clipping: { axis: 'y', inverted: false, position: 800, origin: [0, 0.8, 0] },
  explode: 0,
  hidden: ['3', '9'],
  isolated: null,
  measurement: null,
};
const TOP: NoteView = { ...PERSPECTIVE, camera: { view: 'top', position: [0.5, 5, 0], target: [0.5, 0, 0], orthoHalfHeight: 1.2 }, clipping: null, hidden: [], isolated: ['4', '5'] };

describe('the notes as a BCF 3.0 archive', () => {
  it('writes one topic per note with its replies, viewpoints, cameras, clipping, components and snapshot', async () => {
    const project = await addProject(server, owner.user.id, { name: 'Kitchen <Smith & Co>', published: true, shareOptions: SHARE });
    const poster = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#ff8800' } }).webp().toBuffer();
    await server.app.services.blobs.put(posterBlobKey(project.id, project.revisionNumber), poster);
    const base = `/api/v1/projects/accessKeys/${project.accessKey}/comments`;
    const pinned = (await inject(server, base, { body: { authorName: 'Claire', text: 'Door opens the wrong way\nSee the hinge side', pin: { point: [0.2, 0.7, 0.3], partId: '12', partName: 'Door' }, view: PERSPECTIVE } })).json as { id: number };
    await inject(server, `/api/v1/projects/${project.id}/comments`, { token: owner.token, body: { authorName: 'Bea', text: 'Fixed in revision 2', parentId: pinned.id } });
    const top = (await inject(server, base, { body: { authorName: 'Claire', text: 'Top view: shelves', view: TOP } })).json as { id: number };
    const plain = (await inject(server, base, { body: { authorName: 'Old client', text: 'Looks good' } })).json as { id: number };
    await inject(server, `/api/v1/projects/${project.id}/comments/${plain.id}`, { method: 'PATCH', token: owner.token, body: { status: 'resolved' } });

    const res = await server.app.inject({ url: `/api/v1/projects/${project.id}/notes.bcfzip`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toContain('.bcfzip');
    const files = unzipSync(new Uint8Array(res.rawPayload));

    // Every XML file of the archive validates against buildingSMART's BCF 3.0 schemas.
    const xmlFiles = Object.keys(files).filter((path) => !path.endsWith('.png'));
    expect(xmlFiles.filter((path) => path.endsWith('.bcfv'))).toHaveLength(2);
    const errors = (await Promise.all(xmlFiles.map((path) => schemaErrors(path, strFromU8(files[path]))))).flat();
    expect(errors).toEqual([]);

    expect(xml(files['bcf.version']).doc.Version['@VersionId']).toBe('3.0');
    expect(xml(files['project.bcfp']).doc.ProjectInfo.Project.Name).toBe('Kitchen <Smith & Co>');
    const extensions = xml(files['extensions.xml']).doc.Extensions;
    expect(extensions.TopicStatuses.TopicStatus).toEqual(['Open', 'Closed']);

    const topics = Object.keys(files).filter((f) => f.endsWith('/markup.bcf'));
    expect(topics).toHaveLength(3);
    const byTitle = new Map<string, { folder: string; topic: Record<string, any> }>();
    for (const path of topics) {
      const folder = path.split('/')[0];
      const { doc, ordered } = xml(files[path]);
      const topic = doc.Markup.Topic;
      expect(topic['@Guid']).toMatch(GUID);
      expect(folder).toBe(topic['@Guid']);
      expect(topic['@TopicType']).toBe('Comment');
      expect(new Date(topic.CreationDate).toISOString().slice(0, 19)).toBe(String(topic.CreationDate).slice(0, 19));
      // The topic's elements in the schema's order.
      const markup = ordered.find((n) => 'Markup' in n)!.Markup as Record<string, unknown>[];
      const names = (markup.find((n) => 'Topic' in n)!.Topic as Record<string, unknown>[]).map((n) => Object.keys(n)[0]);
      const positions = names.map((n) => TOPIC_ORDER.indexOf(n));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      byTitle.set(String(topic.Title), { folder, topic });
    }

    const door = byTitle.get('Door opens the wrong way')!;
    expect(door.topic['@TopicStatus']).toBe('Open');
    expect(door.topic.Description).toBe('Door opens the wrong way\nSee the hinge side');
    expect(door.topic.Comments.Comment.map((c: { Author: string }) => c.Author)).toEqual(['Claire', 'Bea']);
    const viewpoint = door.topic.Viewpoints.ViewPoint[0];
    expect(door.topic.Comments.Comment[0].Viewpoint['@Guid']).toBe(viewpoint['@Guid']);
    expect(viewpoint.Viewpoint).toBe('viewpoint.bcfv');
    expect(Buffer.from(files[`${door.folder}/snapshot.png`].subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
    const vis = xml(files[`${door.folder}/viewpoint.bcfv`]).doc.VisualizationInfo;
    expect(vis['@Guid']).toBe(viewpoint['@Guid']);
    // glTF (x, y, z), Y up, is BCF (x, -z, y), Z up.
    expect(xyz(vis.PerspectiveCamera.CameraViewPoint)).toEqual([2, -3, 1.5]);
    const direction = xyz(vis.PerspectiveCamera.CameraDirection);
    // target (0.5, 0.5, 0) is (0.5, 0, 0.5) in BCF; the position (2, -3, 1.5).
    const expected = [0.5 - 2, 0 + 3, 0.5 - 1.5];
    const length = Math.hypot(...expected);
    direction.forEach((d, i) => expect(d).toBeCloseTo(expected[i] / length, 5));
    expect(xyz(vis.PerspectiveCamera.CameraUpVector)).toEqual([0, 0, 1]);
    expect(Number(vis.PerspectiveCamera.FieldOfView)).toBe(45);
    expect(xyz(vis.ClippingPlanes.ClippingPlane[0].Location)).toEqual([0, 0, 0.8]);
    expect(xyz(vis.ClippingPlanes.ClippingPlane[0].Direction)).toEqual([0, 0, 1]);
    expect(vis.Components.Selection.Component.map((c: { AuthoringToolId: number }) => String(c.AuthoringToolId))).toEqual(['12']);
    expect(vis.Components.Visibility['@DefaultVisibility']).toBe('true');
    expect(vis.Components.Visibility.Exceptions.Component.map((c: { AuthoringToolId: number }) => String(c.AuthoringToolId))).toEqual(['3', '9']);

    const shelves = byTitle.get('Top view: shelves')!;
    const topVis = xml(files[`${shelves.folder}/viewpoint.bcfv`]).doc.VisualizationInfo;
    expect(Number(topVis.OrthogonalCamera.ViewToWorldScale)).toBe(2.4);
    expect(xyz(topVis.OrthogonalCamera.CameraDirection)).toEqual([0, 0, -1]);
    expect(xyz(topVis.OrthogonalCamera.CameraUpVector)).toEqual([0, 1, 0]);
    expect(topVis.Components.Visibility['@DefaultVisibility']).toBe('false');
    expect(topVis.Components.Visibility.Exceptions.Component.map((c: { AuthoringToolId: number }) => String(c.AuthoringToolId))).toEqual(['4', '5']);
    expect(topVis.ClippingPlanes).toBeUndefined();
    expect(top.id).toBeGreaterThan(0);

    const looks = byTitle.get('Looks good')!;
    expect(looks.topic['@TopicStatus']).toBe('Closed');
    expect(looks.topic.Viewpoints).toBeUndefined();
    expect(files[`${looks.folder}/viewpoint.bcfv`]).toBeUndefined();
  });

  it('is the owner’s: a stranger or a guest gets a 404 or a 401', async () => {
    const project = await addProject(server, owner.user.id, { published: true, shareOptions: SHARE });
    const stranger = await addUser(server, 'Sam Stranger');
    expect((await inject(server, `/api/v1/projects/${project.id}/notes.bcfzip`, { token: stranger.token })).status).toBe(404);
    expect((await inject(server, `/api/v1/projects/${project.id}/notes.bcfzip`)).status).toBe(401);
  });

  it('the schemas refuse what BCF 3.0 does not allow: a topic without its status, elements out of order, a camera without its field of view', async () => {
    const markup = `<?xml version="1.0" encoding="UTF-8"?>\n<Markup><Topic Guid="0b6f2b7e-1c1e-4d3a-9f1e-2a3b4c5d6e7f" TopicType="Comment"><CreationDate>2026-01-02T03:04:05Z</CreationDate><Title>Late title</Title><CreationAuthor>Claire</CreationAuthor></Topic></Markup>`;
    const errors = await schemaErrors('topic/markup.bcf', markup);
    expect(errors.some((e) => e.includes('TopicStatus'))).toBe(true);
    expect(errors.some((e) => e.includes('Title'))).toBe(true);
    const camera = `<?xml version="1.0" encoding="UTF-8"?>\n<VisualizationInfo Guid="0b6f2b7e-1c1e-4d3a-9f1e-2a3b4c5d6e7f"><PerspectiveCamera><CameraViewPoint><X>0</X><Y>0</Y><Z>0</Z></CameraViewPoint><CameraDirection><X>1</X><Y>0</Y><Z>0</Z></CameraDirection><CameraUpVector><X>0</X><Y>0</Y><Z>1</Z></CameraUpVector><AspectRatio>1.5</AspectRatio></PerspectiveCamera></VisualizationInfo>`;
    expect((await schemaErrors('topic/viewpoint.bcfv', camera)).some((e) => e.includes('FieldOfView'))).toBe(true);
  });
});
