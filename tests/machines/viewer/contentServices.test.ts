/** The content machines bound to the API: each effect calls the right client function with the project reference. */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createViewerContentServices, type ViewerContentApi } from '../../../src/machines/viewer/notes/contentServices';

function fakeApi() {
  const calls: unknown[][] = [];
  const record =
    (name: string, answer: unknown) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return answer;
    };
  const item = { id: 1, date: new Date(2025, 0, 1), authorName: 'Bob', authorAvatarUrl: '', isDeletable: true };
  const api = {
    listComments: record('listComments', [{ ...item, text: 'Hi' }]),
    createComment: record('createComment', { id: 2, date: new Date(2025, 0, 2), isDeletable: true }),
    deleteComment: record('deleteComment', undefined),
    listAttachments: record('listAttachments', [{ ...item, name: 'Doc', url: 'https://a.example' }]),
    createAttachment: record('createAttachment', { id: 2, date: new Date(2025, 0, 2), isDeletable: true }),
    deleteAttachment: record('deleteAttachment', undefined),
  } as unknown as ViewerContentApi;
  return { api, calls };
}

describe('createViewerContentServices', () => {
  it('binds the comments machine to list/create/delete comments', async () => {
    const { api, calls } = fakeApi();
    const actor = createActor(createViewerContentServices(api).comments, { input: { ref: { accessKey: 'k1' }, canCreate: true, authorName: 'Ana' } }).start();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'comments.change', text: 'Yes' });
    actor.send({ type: 'comments.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'editing' }) && s.context.comments.length === 2);
    actor.send({ type: 'comments.delete', id: 1 });
    await waitFor(actor, (s) => s.matches({ deletion: 'idle' }) && s.context.deleting.length === 0);
    expect(calls).toEqual([
      ['listComments', { accessKey: 'k1' }],
      ['createComment', { accessKey: 'k1' }, { authorName: 'Ana', text: 'Yes' }],
      ['deleteComment', { accessKey: 'k1' }, 1],
    ]);
  });

  it('binds the hyperlinks machine to list/create/delete attachments', async () => {
    const { api, calls } = fakeApi();
    const actor = createActor(createViewerContentServices(api).hyperlinks, { input: { ref: { id: 3 }, canCreate: true, authorName: 'Ana' } }).start();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'hyperlinks.change', field: 'name', value: 'Plan' });
    actor.send({ type: 'hyperlinks.change', field: 'url', value: 'https://b.example' });
    actor.send({ type: 'hyperlinks.submit' });
    await waitFor(actor, (s) => s.context.hyperlinks.length === 2);
    actor.send({ type: 'hyperlinks.delete', id: 1 });
    await waitFor(actor, (s) => s.context.deleting.length === 0 && s.matches({ deletion: 'idle' }));
    expect(calls).toEqual([
      ['listAttachments', { id: 3 }],
      ['createAttachment', { id: 3 }, { authorName: 'Ana', name: 'Plan', url: 'https://b.example' }],
      ['deleteAttachment', { id: 3 }, 1],
    ]);
  });
});
