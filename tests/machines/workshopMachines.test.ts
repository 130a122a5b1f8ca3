/** The parts list panel's permission in the viewer tools, and the labels machine (states, links). */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { NamedTree } from '../../src/model/parts/partsList';
import { ALL_SHARE_OPTIONS, type Project } from '../../src/api/schemas';
import { labelsMachine, labelsOf, type LoadedLabels } from '../../src/machines/projects/labelsMachine';
import { parseViewerParams } from '../../src/machines/viewer/load/filterParams';
import { allowedPanels, viewerToolsMachine } from '../../src/machines/viewer/tools/viewerToolsMachine';
import { makeProject } from '../helpers/fakeProjectsApi';

const kitchen: NamedTree = {
  roots: ['0'],
  nodes: {
    '0': { rawName: 'Kitchen+1x1x1mm|Seed 1', children: ['1', '3'] },
    '1': { rawName: 'Base cabinet 1+720x560x600mm|Kitchen run A', children: ['2'] },
    '2': { rawName: 'Left side+720x18x560mm|Melamine white 18', children: [] },
    '3': { rawName: 'Tall & wide+2100x600x600mm|Kitchen run A', children: ['4'] },
    '4': { rawName: 'Left side+2100x18x600mm|Melamine white 18', children: [] },
  },
};

describe('parts list panel permission', () => {
  it('is offered to the owner, and on a link only with isPartsListAvailable', () => {
    expect(allowedPanels(ALL_SHARE_OPTIONS)).toContain('parts');
    expect(allowedPanels({ ...ALL_SHARE_OPTIONS, isPartsListAvailable: false })).not.toContain('parts');
  });

  it('opens only where allowed', () => {
    const off = createActor(viewerToolsMachine, { input: { permissions: { ...ALL_SHARE_OPTIONS, isPartsListAvailable: false } } }).start();
    off.send({ type: 'tools.togglePanel', panel: 'parts' });
    expect(off.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    const on = createActor(viewerToolsMachine, { input: { permissions: ALL_SHARE_OPTIONS } }).start();
    on.send({ type: 'tools.togglePanel', panel: 'parts' });
    expect(on.getSnapshot().matches({ panel: 'parts' })).toBe(true);
    on.send({ type: 'tools.togglePanel', panel: 'measure' });
    expect(on.getSnapshot().matches({ panel: 'measure' })).toBe(true);
  });
});

describe('labels', () => {
  it('gives the project link, then one link per cabinet whose filter names exactly that cabinet', () => {
    const labels = labelsOf({ name: 'Kitchen', accessKey: 'Abc123' }, kitchen, 'https://example.com/');
    expect(labels.map((l) => l.url)).toEqual([
      'https://example.com/s/Abc123',
      'https://example.com/s/Abc123?filter=Base%20cabinet%201',
      'https://example.com/s/Abc123?filter=Tall%20%26%20wide',
    ]);
    // The viewer reads each link back as one isolation step on that name.
    expect(parseViewerParams(new URL(labels[2].url).search)).toMatchObject({ mode: 'isolate', steps: [['Tall & wide']] });
  });

  const run = (project: Project, fail = false) =>
    createActor(
      labelsMachine.provide({
        actors: {
          loadLabels: fromPromise<LoadedLabels, { projectId: number }>(async ({ input }) => {
            if (fail) throw new Error('offline');
            expect(input.projectId).toBe(project.id);
            return { project, tree: kitchen };
          }),
        },
      }),
      { input: { projectId: project.id, origin: 'https://example.com' } },
    ).start();

  it('is ready with the labels of a published project, and switches format', async () => {
    const actor = run(makeProject({ id: 7, isPublished: true }));
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.labels).toHaveLength(3);
    actor.send({ type: 'labels.format', format: 'roll' });
    expect(actor.getSnapshot().context.format).toBe('roll');
  });

  it('says an unpublished project has no labels yet, and a failed read can be retried', async () => {
    expect((await waitFor(run(makeProject({ id: 8, isPublished: false })), (s) => !s.matches('loading'))).value).toBe('unpublished');
    const failing = run(makeProject({ id: 9, isPublished: true }), true);
    expect((await waitFor(failing, (s) => !s.matches('loading'))).value).toBe('failed');
  });
});
