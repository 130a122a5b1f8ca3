/**
 * A hierarchy search in the address (`/projects/2#Shelf%20pin`, a link's `#HDF`) opens the
 * hierarchy once the project is known, as typing in it shows it: the owner's screen and a link on a
 * small window alike. Without a search, or where the project hides the hierarchy, nothing opens.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import { parseViewerParams } from '../../src/machines/viewer/load/filterParams';
import { ownerViewerMachine, sharedViewerMachine, type LoadTarget } from '../../src/machines/viewer/viewerMachine';
import { settle } from '../helpers/modelBased';
import { ownerFake, project, recorder, shared, type Recorded } from '../models/viewer';

function open(variant: 'owner' | 'shared', target: LoadTarget, searchText: string | undefined, options: { hierarchyVisible?: boolean } = {}) {
  const log: Recorded = { started: [], received: [], modelUrls: [], leftList: 0 };
  const loaded =
    target.kind === 'owner'
      ? { kind: 'owner' as const, project }
      : { kind: 'guest' as const, project: { ...shared, shareOptions: { ...ALL_SHARE_OPTIONS, isHierarchyVisible: options.hierarchyVisible ?? true } } };
  const machine = (variant === 'owner' ? ownerViewerMachine : sharedViewerMachine).provide({
    actors: {
      fetchProject: fromPromise(async () => loaded),
      loadModel: fromCallback(() => () => {}),
      tools: recorder('tools', log),
      notice: recorder('notice', log),
      comments: recorder('comments', log),
      hyperlinks: recorder('hyperlinks', log),
      review: recorder('review', log),
      linkChanges: recorder('linkChanges', log),
      approval: recorder('approval', log),
      liveEvents: fromCallback(() => () => {}),
      owner: ownerFake(log, []),
      revisions: recorder('revisions', log),
    },
  } as never);
  // A window too small for a link's hierarchy to open by itself.
  const input = { target, params: parseViewerParams(''), author: { name: 'Ada', avatarUrl: '' }, hierarchyOpensByItself: false, searchText };
  return createActor(machine, { input }).start();
}

describe('a hierarchy search in the address', () => {
  it('opens the owner\'s hierarchy (/projects/2#Shelf%20pin)', async () => {
    const actor = open('owner', { kind: 'owner', id: 7 }, 'Shelf pin');
    await settle();
    expect(actor.getSnapshot().context.leftPanel).toBe('hierarchy');
    actor.stop();
  });

  it('opens a link\'s hierarchy even where it would not open by itself', async () => {
    const actor = open('shared', { kind: 'guest', accessKey: 'k1' }, 'HDF');
    await settle();
    expect(actor.getSnapshot().context.leftPanel).toBe('hierarchy');
    actor.stop();
  });

  it('opens nothing without a search (blank terms are none), nor where the link hides the hierarchy', async () => {
    for (const searchText of [undefined, '', ' , OR ']) {
      const actor = open('owner', { kind: 'owner', id: 7 }, searchText);
      await settle();
      expect(actor.getSnapshot().context.leftPanel).toBeNull();
      actor.stop();
    }
    const hidden = open('shared', { kind: 'guest', accessKey: 'k1' }, 'HDF', { hierarchyVisible: false });
    await settle();
    expect(hidden.getSnapshot().context.leftPanel).toBeNull();
    hidden.stop();
  });
});
