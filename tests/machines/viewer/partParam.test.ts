/**
 * `?part=` (the part labels' links): the part named is selected once the model is shown, within
 * the first filter step's parts (its cabinet), and nowhere else; parsing keeps the encoded name whole.
 */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { ALL_SHARE_OPTIONS } from '../../../src/api/schemas';
import { parseViewerParams, partToSelect } from '../../../src/machines/viewer/load/filterParams';
import { sharedViewerMachine, type LoadedProject, type LoadTarget } from '../../../src/machines/viewer/viewerMachine';
import type { ModelInfo, PartTree } from '../../../src/machines/viewer/viewerTypes';
import { makeProject } from '../../helpers/fakeProjectsApi';

const node = (id: string, rawName: string, children: string[] = [], parent: string | null = null) => ({
  id,
  name: rawName.split('+')[0],
  rawName,
  children,
  parent,
  size: null,
  additionalInfo: null,
  isVisible: true,
});
const SIDE = 'Left side+720x18x560mm|Melamine white 18';
const tree: PartTree = {
  roots: ['k'],
  nodes: {
    k: node('k', 'Kitchen', ['b1', 'b2']),
    b1: node('b1', 'Base 1+720x560x600mm|Run A', ['s1', 'd1'], 'k'),
    s1: node('s1', SIDE, [], 'b1'),
    d1: node('d1', 'Door+716x19x597mm|Oak', [], 'b1'),
    b2: node('b2', 'Base 2+720x560x600mm|Run A', ['s2'], 'k'),
    s2: node('s2', SIDE, [], 'b2'),
  },
};

describe('part parameter', () => {
  it('is read whole (a + and a | in an encoded name), and absent is null', () => {
    expect(parseViewerParams(`?filter=Base%202&part=${encodeURIComponent(SIDE)}`)).toMatchObject({ steps: [['Base 2']], part: SIDE });
    expect(parseViewerParams('?filter=Door').part).toBeNull();
  });

  it('finds the part within the scope only, else in the whole model', () => {
    expect(partToSelect(tree, ['b2'], SIDE)).toBe('s2');
    expect(partToSelect(tree, ['b1'], 'left SIDE')).toBe('s1');
    expect(partToSelect(tree, ['b2'], 'Door')).toBeNull();
    expect(partToSelect(tree, null, SIDE)).toBe('s1');
  });

  it('selects the part in its isolated cabinet once the shared model is shown', async () => {
    const received: { child: string; event: EventObject }[] = [];
    const recorder = (child: string) =>
      createMachine({ on: { '*': { actions: ({ event }) => received.push({ child, event }) } } });
    const project = makeProject({ id: 7, modelUrl: '/m.glb', shareOptions: ALL_SHARE_OPTIONS });
    const actor = createActor(
      sharedViewerMachine.provide({
        actors: {
          fetchProject: fromPromise<LoadedProject, LoadTarget>(async () => ({ kind: 'guest', project } as unknown as LoadedProject)),
          loadModel: fromCallback(() => () => {}),
          tools: recorder('tools') as never,
          notice: recorder('notice') as never,
          comments: recorder('comments') as never,
          hyperlinks: recorder('hyperlinks') as never,
        },
      }),
      { input: { target: { kind: 'guest', accessKey: 'k1' }, params: parseViewerParams(`?filter=Base%202&part=${encodeURIComponent(SIDE)}`), author: { name: 'Ada', avatarUrl: '' } } },
    ).start();
    await waitFor(actor, () => actor.getSnapshot().context.tools !== null);
    const model: ModelInfo = { tree, partCount: 3, bounds: { min: [0, 0, 0], max: [1, 1, 1] } };
    actor.send({ type: 'load.done', model } as never);
    expect(received.filter((r) => r.child === 'notice').map((r) => r.event)).toEqual([{ type: 'notice.load', steps: [['b2']] }, { type: 'notice.start' }]);
    expect(received.filter((r) => r.child === 'tools' && r.event.type === 'tools.select').map((r) => r.event)).toEqual([{ type: 'tools.select', partId: 's2' }]);
  });
});
