/**
 * The viewer machine (owner and shared variants): the model-based paths of tests/models/viewer.ts
 * (reading the project, loading its model, the URL's filter steps, the left panels, tree clicks, a
 * model update, live events, a deletion, a link's approval), each step checked against the oracle
 * written there from the events played, and the real actor's coverage of every state and
 * transition; then examples.
 */
import { describe, expect, it } from 'vitest';
import { createMachine, fromCallback, type EventObject } from 'xstate';
import { parseViewerParams } from '../../src/machines/viewer/load/filterParams';
import { ownerProjectMachine } from '../../src/machines/viewer/owner/ownerProjectMachine';
import { ownerViewerMachine, sharedViewerMachine } from '../../src/machines/viewer/viewerMachine';
import { selectLoadingModelUrl, selectLoadShownByUpload, selectLoadStep, selectLoadView } from '../../src/machines/viewer/viewerSelectors';
import { controlledPromise, createSut, settle, type Deferred } from '../helpers/modelBased';
import { modelTests } from '../helpers/modelTests';
import { fail, model, ownerFake, ownerViewerModel, progress, project, recorder, shared, sharedViewerModel, sutFor, updated, type Recorded } from '../models/viewer';

modelTests(ownerViewerModel);
modelTests(sharedViewerModel);

describe('viewer machine (examples)', () => {
  it('a 404 on a link is "not found", a 404 for the owner is a load error, a 401 for the owner hands over to the session', async () => {
    const log = { started: [], received: [], modelUrls: [], leftList: 0 };
    const guest = sutFor('shared', { kind: 'guest', accessKey: 'k1' }, '', log);
    guest.pending.fetchProject[0].reject(fail(404));
    await settle();
    expect(selectLoadView(guest.actor.getSnapshot())).toBe('notFound');
    const owner = sutFor('owner', { kind: 'owner', id: 7 }, '', log);
    owner.pending.fetchProject[0].reject(fail(404));
    await settle();
    expect(selectLoadView(owner.actor.getSnapshot())).toBe('failed');
    const expired = sutFor('owner', { kind: 'owner', id: 7 }, '', log);
    expired.pending.fetchProject[0].reject(fail(401));
    await settle();
    expect(selectLoadView(expired.actor.getSnapshot())).toBe('unauthorized');
  });

  it('a rename made through the owner child shows in the loaded project (title, panels)', async () => {
    const log = { started: [], received: [], modelUrls: [], leftList: 0 };
    const renames: Deferred[] = [];
    const sut = createSut(ownerViewerMachine, {
      promiseActors: ['fetchProject'],
      input: { target: { kind: 'owner', id: 7 }, params: parseViewerParams(''), author: { name: 'Ada', avatarUrl: '' } },
      provide: {
        actors: {
          owner: ownerProjectMachine.provide({ actors: { rename: controlledPromise(renames) as never } }),
          tools: recorder('tools', log),
          notice: recorder('notice', log),
          comments: recorder('comments', log),
          hyperlinks: recorder('hyperlinks', log),
        },
      },
    });
    sut.pending.fetchProject[0].resolve({ kind: 'owner', project });
    await settle();
    sut.actor.getSnapshot().children.owner!.send({ type: 'owner.rename' });
    await settle();
    renames[0].resolve({ id: 7, name: 'Renamed' });
    await settle();
    expect(sut.actor.getSnapshot().context.loaded?.project.name).toBe('Renamed');
  });

  it('the model URL to preload is known once the project is read, and only while its model loads', async () => {
    const log = { started: [], received: [], modelUrls: [], leftList: 0 };
    const sut = sutFor('owner', { kind: 'owner', id: 7 }, '', log);
    expect(sut.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(selectLoadingModelUrl(sut.actor.getSnapshot())).toBeNull();
    sut.pending.fetchProject[0].resolve({ kind: 'owner', project });
    await settle();
    expect(selectLoadingModelUrl(sut.actor.getSnapshot())).toBe('/api/v1/models/s/7.glb');
    sut.actor.send({ type: 'load.progress', progress });
    expect(selectLoadStep(sut.actor.getSnapshot())).toEqual({ message: 'loadingResources', progress: 0.5 });
    sut.actor.send({ type: 'load.done', model });
    expect(selectLoadingModelUrl(sut.actor.getSnapshot())).toBeNull();
    expect(sut.actor.getSnapshot().hasTag('loading')).toBe(false);
  });

  it('tells the notes who writes when a guest logs in, and the guest name again when they log out', async () => {
    const log: Recorded = { started: [], received: [], modelUrls: [], leftList: 0 };
    const sut = createSut(sharedViewerMachine, {
      promiseActors: ['fetchProject'],
      input: { target: { kind: 'guest', accessKey: 'k1' }, params: parseViewerParams(''), author: { name: 'Invité', avatarUrl: '/g.svg' }, guestName: 'Invité' },
      provide: { actors: { tools: recorder('tools', log), notice: recorder('notice', log), comments: recorder('comments', log), hyperlinks: recorder('hyperlinks', log) } },
    });
    sut.pending.fetchProject[0].resolve({ kind: 'guest', project: shared });
    await settle();
    expect(log.started.find((s) => s.child === 'comments')?.input).toMatchObject({ authorName: 'Invité' });
    sut.actor.send({ type: 'viewer.user', user: { fullName: 'Ana Martin', avatarUrl: '/ana.png', isLoggedIn: true } });
    sut.actor.send({ type: 'viewer.user', user: { fullName: 'Guest', avatarUrl: '/avatar-default.svg', isLoggedIn: false } });
    expect(log.received.filter((r) => r.type.endsWith('.author'))).toEqual([
      { child: 'comments', type: 'comments.author', detail: { authorName: 'Ana Martin', authorAvatarUrl: '/ana.png' } },
      { child: 'hyperlinks', type: 'hyperlinks.author', detail: { authorName: 'Ana Martin', authorAvatarUrl: '/ana.png' } },
      { child: 'comments', type: 'comments.author', detail: { authorName: 'Invité', authorAvatarUrl: '/avatar-default.svg' } },
      { child: 'hyperlinks', type: 'hyperlinks.author', detail: { authorName: 'Invité', authorAvatarUrl: '/avatar-default.svg' } },
    ]);
  });

  it("after an upload, loading the model is the upload's last step: the load is reported to the upload, whose dialog shows it", async () => {
    const log: Recorded = { started: [], received: [], modelUrls: [], leftList: 0 };
    const uploads = (reports: unknown[]) =>
      fromCallback<EventObject, { projectId: number }>(({ input, receive }) => {
        reports.push({ started: input.projectId });
        receive((event) => reports.push(event));
        return () => reports.push({ stopped: input.projectId });
      });
    const children = { owner: ownerFake(log, []), tools: recorder('tools', log), notice: recorder('notice', log), comments: recorder('comments', log), hyperlinks: recorder('hyperlinks', log) };
    const reports: unknown[] = [];
    const sut = createSut(ownerViewerMachine, {
      promiseActors: ['fetchProject'],
      input: { target: { kind: 'owner', id: 7 }, params: parseViewerParams(''), author: { name: 'Ada', avatarUrl: '' }, afterUpload: true },
      provide: { actors: { ...children, uploadUpdates: uploads(reports) } },
    });
    // The upload hears of this viewer from its start, before the project is read.
    expect(reports).toEqual([{ started: 7 }]);
    expect(selectLoadShownByUpload(sut.actor.getSnapshot())).toBe(true);
    sut.pending.fetchProject[0].resolve({ kind: 'owner', project });
    await settle();
    sut.actor.send({ type: 'load.progress', progress: { phase: 'resources', progress: 0.5, overall: 0.5 } });
    sut.actor.send({ type: 'load.done', model });
    expect(reports).toEqual([
      { started: 7 },
      { type: 'uploadLoad.progress', fraction: 0.5, message: 'loadingResources' },
      { type: 'uploadLoad.shown' },
    ]);
    sut.actor.stop();
    expect(reports.at(-1)).toEqual({ stopped: 7 });

    // A project that cannot be read ends the viewer: the upload hears that the load stopped.
    const failedReports: unknown[] = [];
    const failed = createSut(ownerViewerMachine, {
      promiseActors: ['fetchProject'],
      input: { target: { kind: 'owner', id: 7 }, params: parseViewerParams(''), author: { name: 'Ada', avatarUrl: '' }, afterUpload: true },
      provide: { actors: { ...children, uploadUpdates: uploads(failedReports) } },
    });
    failed.pending.fetchProject[0].reject(fail(500));
    await settle();
    expect(failedReports).toEqual([{ started: 7 }, { stopped: 7 }]);

    // A plain open counts the model load alone, from 0, in its own dialog, and reports nothing.
    const plainReports: unknown[] = [];
    const plain = createSut(ownerViewerMachine, {
      promiseActors: ['fetchProject'],
      input: { target: { kind: 'owner', id: 7 }, params: parseViewerParams(''), author: { name: 'Ada', avatarUrl: '' } },
      provide: { actors: { ...children, uploadUpdates: uploads(plainReports) } },
    });
    plain.pending.fetchProject[0].resolve({ kind: 'owner', project });
    await settle();
    expect(selectLoadShownByUpload(plain.actor.getSnapshot())).toBe(false);
    plain.actor.send({ type: 'load.progress', progress: { phase: 'resources', progress: 0.5, overall: 0.5 } });
    expect(selectLoadStep(plain.actor.getSnapshot())).toEqual({ message: 'loadingResources', progress: 0.5 });
    plain.actor.send({ type: 'load.done', model });
    expect(plainReports).toEqual([{ started: 7 }]);
    // A restored revision becomes current: the viewer's own dialog shows its load.
    plain.actor.send({ type: 'viewer.modelUpdated', project: updated });
    expect(selectLoadShownByUpload(plain.actor.getSnapshot())).toBe(false);
    plain.actor.send({ type: 'load.done', model });
    expect(plainReports).toEqual([{ started: 7 }]);
    // An update made in the viewer: its model load is the upload's last step.
    plain.actor.send({ type: 'viewer.modelUpdated', project: updated, fromUpload: true });
    expect(selectLoadShownByUpload(plain.actor.getSnapshot())).toBe(true);
    plain.actor.send({ type: 'load.progress', progress: { phase: 'model', progress: 0.2, overall: 0.1 } });
    plain.actor.send({ type: 'load.done', model });
    expect(plainReports.slice(1)).toEqual([{ type: 'uploadLoad.progress', fraction: 0.1, message: 'loadingModel' }, { type: 'uploadLoad.shown' }]);
  });
});
