/**
 * A reload during an upload (the browser keeps no file across it): the tab's storage holds what was
 * going up while it goes up or converts, so the next page says which file stopped; an upload that
 * got through, or failed, leaves nothing to say. The notice is said once.
 */
import { describe, expect, it } from 'vitest';
import { createProjectServices } from '../../src/machines/projects/projectServices';
import { memoryStorage } from '../../src/machines/storage/persisted';
import { selectInterruptedUpload } from '../../src/machines/upload/uploadSelectors';
import { fakeProjectsApi, fakeUploadSocket, makeProject } from '../helpers/fakeProjectsApi';
import { settle } from '../helpers/modelBased';

const file = { name: 'Kitchen A.step', bytes: new Uint8Array([1, 2, 3]) };

/** One page of the app in a tab whose storage outlives the page. */
function page(tabStorage: ReturnType<typeof memoryStorage>) {
  const socket = fakeUploadSocket();
  const projects = createProjectServices({ api: fakeProjectsApi([makeProject({ id: 5, name: 'Kitchen' })]), socket: socket.logic, imageUrlOf: async () => '', tabStorage });
  return { projects, socket: socket.socket, notice: () => selectInterruptedUpload(projects.upload.getSnapshot()) };
}

describe('an upload stopped by a reload', () => {
  it('is said on the next page, with its file, once', async () => {
    const tab = memoryStorage();
    const first = page(tab);
    expect(first.notice()).toBeNull();
    first.projects.upload.send({ type: 'upload.create', file });
    await settle();
    expect(first.socket.open).toBe(true);
    first.socket.reply({ type: 'socket.status', progress: 0.4, activity: 'convert' });
    // The page goes away here (a reload): the next one says so.
    const second = page(tab);
    expect(second.notice()).toEqual({ kind: 'create', fileName: 'Kitchen A.step', projectId: null });
    second.projects.upload.send({ type: 'upload.interruptedSeen' });
    expect(second.notice()).toBeNull();
    expect(page(tab).notice()).toBeNull();
  });

  it('an update names its project; choosing the file again starts it again and ends the notice', async () => {
    const tab = memoryStorage();
    const first = page(tab);
    first.projects.upload.send({ type: 'upload.update', projectId: 5, file });
    await settle();
    const second = page(tab);
    expect(second.notice()).toEqual({ kind: 'update', fileName: 'Kitchen A.step', projectId: 5 });
    second.projects.upload.send({ type: 'upload.update', projectId: 5, file });
    expect(second.notice()).toBeNull();
  });

  it('leaves nothing to say once the file is up and converted, or the upload failed', async () => {
    const tab = memoryStorage();
    const first = page(tab);
    first.projects.upload.send({ type: 'upload.update', projectId: 5, file });
    await settle();
    first.socket.reply({ type: 'socket.result', project: makeProject({ id: 5, name: 'Kitchen' }) });
    expect(page(tab).notice()).toBeNull();
    const third = page(tab);
    third.projects.upload.send({ type: 'upload.create', file });
    await settle();
    third.socket.reply({ type: 'socket.failure', message: 'WebSocket connection closed' });
    expect(page(tab).notice()).toBeNull();
  });
});
