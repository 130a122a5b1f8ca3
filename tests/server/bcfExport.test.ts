/**
 * The notes as a BCF 3.0 archive, through the real server: read back with a real XML parser and
 * checked against what BCF 3.0's schemas require (written here from the standard: the files, the
 * root elements, the order of a topic's elements, GUIDs, dates, Z-up metres), and against the notes
 * that went in (topics, replies, status, cameras, clipping, selected and hidden parts, snapshot).
 */
import { unzipSync, strFromU8 } from 'fflate';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteView } from '../../src/api/schemas';
import { posterBlobKey } from '../../server/domain/projectBlobKeys';
import { addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await addUser(server, 'Bea BIM');
});
afterAll(async () => server?.close());

const SHARE = { isHierarchyVisible: true, isCommentsVisible: true, isAttachmentVisible: true, isClippingPlaneAvailable: true, isXRayRenderModeAvailable: true, isIllustrationRenderModeAvailable: true, isWireframeRenderModeAvailable: true, isPartsListAvailable: false, isApprovalAvailable: true, isEstimateAvailable: false, isArAvailable: false };
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
});
