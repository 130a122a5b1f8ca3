/**
 * The notes of a conversion travel with its revision: in the upload's result, in the owner's
 * project read afterwards, replaced by the next revision's; never on the shared link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectSchema, type Project } from '../../src/api/schemas';
import { texturedDae } from '../convert/texturedDae';
import { call } from './helpers/http';
import { addUser, type TestUser } from './helpers/projectFixtures';
import { lastMessage, secureToken, startUploadServer, upload, type UploadOutcome, type UploadServer } from './helpers/uploads';

let server: UploadServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startUploadServer();
  owner = await addUser(server, 'Nora Notes');
});
afterAll(() => server.close());

function projectOf(outcome: UploadOutcome): Project {
  const last = lastMessage(outcome);
  if (last?.type !== 'result') throw new Error(`expected a result, got ${JSON.stringify(last)} / ${outcome.failure}`);
  return last.project;
}

const flatDxf = new TextEncoder().encode(
  ['0', 'SECTION', '2', 'ENTITIES', '0', 'LINE', '8', 'Outline', '10', '0', '20', '0', '30', '0', '11', '600', '21', '0', '31', '0', '0', 'ENDSEC', '0', 'EOF', ''].join('\n'),
);

describe('conversion notes are kept with the revision', () => {
  it('a missing picture is in the result and in the project; the next revision has its own notes', async () => {
    const created = projectOf(
      await upload(server, { kind: 'create', secureToken: await secureToken(server, owner.token), projectName: 'Panel', fileName: 'panel.dae', file: texturedDae() }),
    );
    expect(created.conversionNotes).toEqual([{ code: 'texture_missing', params: { file: 'wood.png' } }]);
    const read = await call(server.baseUrl, `/api/v1/projects/${created.id}`, { token: owner.token });
    expect(projectSchema.parse(read.json).conversionNotes).toEqual(created.conversionNotes);

    const updated = projectOf(
      await upload(server, { kind: 'setModel', secureToken: await secureToken(server, owner.token), projectId: created.id, fileName: 'outline.dxf', file: flatDxf }),
    );
    expect(updated.conversionNotes).toEqual([
      { code: 'dxf_units_assumed', params: { unit: 'mm' } },
      { code: 'dxf_flat_drawing', params: {} },
    ]);
    const again = await call(server.baseUrl, `/api/v1/projects/${created.id}`, { token: owner.token });
    expect(projectSchema.parse(again.json).conversionNotes).toEqual(updated.conversionNotes);

    await call(server.baseUrl, `/api/v1/projects/${created.id}`, { method: 'PATCH', token: owner.token, body: { isPublished: true } });
    const shared = await call(server.baseUrl, `/api/v1/projects/accessKeys/${created.accessKey}`);
    expect(shared.status).toBe(200);
    expect(shared.json).not.toHaveProperty('conversionNotes');
  });
});
