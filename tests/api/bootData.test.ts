import { describe, expect, it, vi } from 'vitest';
import { parseBootData, withBootSharedProject } from '../../src/api/bootData';
import type { SharedProject } from '../../src/api/schemas';

const wire = {
  name: 'Kitchen',
  ownerName: 'Olivia',
  ownerAvatarUrl: '/avatar-default.svg',
  currentStage: 'approval',
  shareOptions: { isHierarchyVisible: true },
  creationDate: 1_790_000_000,
  modificationDate: 1_790_000_100,
  revisionNumber: 3,
  modelUrl: '/api/v1/models/AbCdEfGhIjKlMnOpQrStUv/3.glb',
  thumbnailUrl: '/api/v1/models/AbCdEfGhIjKlMnOpQrStUv/3.webp',
};
const page = (shared: unknown) => JSON.stringify({ config: { apiBase: '/api/v1' }, shared });

describe('the data a page is served with', () => {
  it('reads the configuration and the shared project as the contract parses them', () => {
    const boot = parseBootData(page({ accessKey: 'Key123', project: wire }));
    expect(boot.config).toEqual({ apiBase: '/api/v1' });
    expect(boot.shared?.project.creationDate).toEqual(new Date(1_790_000_000_000));
    // Absent share flags are false on a link, as in the API's answer.
    expect(boot.shared?.project.shareOptions.isCommentsVisible).toBe(false);
  });

  it.each([
    ['no element', null],
    ['not JSON', '{"config":'],
    ['a malformed project', page({ accessKey: 'Key123', project: { ...wire, modelUrl: 42 } })],
    ['a malformed key', page({ accessKey: '../x', project: wire })],
  ])('drops what it cannot read (%s), and the app asks the API', (_, text) => {
    expect(parseBootData(text).shared).toBeUndefined();
  });

  it('answers the first read of its own link from the page, every other read from the API', async () => {
    const boot = parseBootData(page({ accessKey: 'Key123', project: wire }));
    const fromApi = { ...boot.shared!.project, name: 'from the API' } as SharedProject;
    const api = { getSharedProject: vi.fn(async (_accessKey: string) => fromApi) };
    const wrapped = withBootSharedProject(api, boot);
    expect((await wrapped.getSharedProject('Other999')).name).toBe('from the API');
    expect((await wrapped.getSharedProject('Key123')).name).toBe('Kitchen');
    expect((await wrapped.getSharedProject('Key123')).name).toBe('from the API');
    expect(api.getSharedProject.mock.calls).toEqual([['Other999'], ['Key123']]);
  });
});
