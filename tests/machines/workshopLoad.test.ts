/**
 * The workshop's machine is loaded with its page, not with the app: loaded once, it runs against
 * the app's API; a load that failed (a dropped network) is tried again the next time it is asked for.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { fakeProjectsApi, fakeUploadSocket, makeProject } from '../helpers/fakeProjectsApi';

const MACHINE_MODULE = '../../src/machines/projects/workshopMachine';

async function services() {
  const { createProjectServices } = await import('../../src/machines/projects/projectServices');
  const api = fakeProjectsApi([makeProject({ id: 7, name: 'Kitchen' })]);
  return createProjectServices({ api, socket: fakeUploadSocket().logic, imageUrlOf: async () => '' });
}

afterEach(() => {
  vi.doUnmock(MACHINE_MODULE);
  vi.resetModules();
});

describe("the workshop's machine", () => {
  it('is loaded once, and runs against the app’s API', async () => {
    const projects = await services();
    const first = projects.machines.workshop();
    expect(projects.machines.workshop()).toBe(first);
    const actor = createActor(await first, { input: { projectId: 7, origin: 'https://example.test', unit: 'mm' } }).start();
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.project?.name).toBe('Kitchen');
    actor.stop();
  });

  it('is loaded again after a failed load', async () => {
    let fail = true;
    vi.doMock(MACHINE_MODULE, async (importOriginal) => {
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    const projects = await services();
    const failed = projects.machines.workshop();
    await expect(failed).rejects.toThrow();
    fail = false;
    vi.resetModules();
    const again = projects.machines.workshop();
    expect(again).not.toBe(failed);
    const actor = createActor(await again, { input: { projectId: 7, origin: 'https://example.test', unit: 'mm' } }).start();
    expect((await waitFor(actor, (s) => s.matches('ready'))).context.project?.id).toBe(7);
    actor.stop();
  });
});
