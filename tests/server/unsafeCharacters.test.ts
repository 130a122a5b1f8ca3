/**
 * Control and text-direction characters in names and notes, through the real server: refused where
 * people type them (project create and rename, note text, guest and owner authors, hyperlink names,
 * approval names), and neutralised where they leave the product (mail, file names, BCF), also for
 * names stored before the rule.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, projectSchema, revisionListSchema } from '../../src/api/schemas';
import { addNote } from '../../server/db/projectNotes';
import { bcfArchive } from '../../server/domain/bcfExport';
import { commitModelUpdate } from '../../server/domain/revisionCommit';
import { decisionMail, notesMail } from '../../server/mail/mailTexts';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import { addProject, addUser, inject, tinyGlb, type TestUser } from './helpers/projectFixtures';
import { messageShape, secureToken, startUploadServer, upload, type UploadServer } from './helpers/uploads';

let server: UploadServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startUploadServer({ env: { SHARE_RATE_LIMIT: '0' } });
  owner = await addUser(server, 'Olivia Owner');
}, 30_000);
afterAll(() => server?.close());

/** Every character the rule refuses in a single-line name, with what it does. */
const NAME_ATTACKS: [string, string][] = [
  ['\u202e', 'right-to-left override'],
  ['\u202a', 'left-to-right embedding'],
  ['\u200e', 'left-to-right mark'],
  ['\u200f', 'right-to-left mark'],
  ['\u061c', 'Arabic letter mark'],
  ['\u2066', 'left-to-right isolate'],
  ['\u2069', 'pop directional isolate'],
  ['\u2028', 'line separator'],
  ['\u2029', 'paragraph separator'],
  ['\u200b', 'zero-width space'],
  ['\u200d', 'zero-width joiner'],
  ['\ufeff', 'byte-order mark'],
  ['\u0007', 'bell'],
  ['\n', 'line feed'],
  ['\r', 'carriage return'],
  ['\t', 'tab'],
  ['\u0085', 'next line (C1)'],
  ['\u007f', 'delete'],
];
/** Characters that must not reach any output: everything above. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/;
const errorOf = (json: unknown) => {
  const parsed = apiErrorSchema.safeParse(json);
  return parsed.success ? parsed.data.error : 'accepted';
};
const SHARE = ALL_SHARE_OPTIONS;

describe('project names', () => {
  it('a rename with any of them is refused (invalid_name) and the name stays', async () => {
    const project = await addProject(server, owner.user.id, { name: 'Keep' });
    for (const [character, what] of NAME_ATTACKS) {
      const res = await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { name: `abc${character}gpj.exe` }, token: owner.token });
      expect([res.status, errorOf(res.json)], what).toEqual([400, 'invalid_name']);
    }
    const now = projectSchema.parse((await inject(server, `/api/v1/projects/${project.id}`, { token: owner.token })).json);
    expect(now.name).toBe('Keep');
    // Names in any script are fine, right-to-left ones included.
    expect((await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { name: 'Cuisine مطبخ Zoë' }, token: owner.token })).status).toBe(204);
  });

  it('a new project named with one is refused before its file is read', async () => {
    for (const character of ['\u202e', '\u2066', '\u200d', '\u2028']) {
      const outcome = await upload(server, { kind: 'create', secureToken: await secureToken(server, owner.token), projectName: `abc${character}gpj.exe`, fileName: 'kitchen.dae', file: new Uint8Array([1, 2, 3]) });
      expect(messageShape(outcome)).toEqual(['error:The project name is not valid: Invalid characters.']);
    }
  });

  it('an uploaded file’s name keeps none of them in the revision list', async () => {
    const project = await addProject(server, owner.user.id, { name: 'Files' });
    const committed = await commitModelUpdate(
      { db: server.database.db, blobs: server.app.services.blobs, revisionsKept: server.app.services.config.revisionsKept },
      { project, nowSeconds: Math.floor(server.clock() / 1000), model: { glb: tinyGlb(), original: { fileName: 'abc\u202egpj.exe\u2066\n.dae', bytes: Buffer.from('<COLLADA/>') } }, charge: 'free' },
    );
    expect(committed).toBeTruthy();
    const list = revisionListSchema.parse((await inject(server, `/api/v1/projects/${project.id}/revisions`, { token: owner.token })).json);
    expect(list[0].fileName).toBe('abcgpj.exe .dae');
  });
});

describe('notes', () => {
  const published = () => addProject(server, owner.user.id, { name: 'Notes', published: true, shareOptions: SHARE });

  it('a guest’s or the owner’s author name with any of them is refused (invalid_name); nothing is written', async () => {
    const project = await published();
    const paths = [
      { path: `/api/v1/projects/accessKeys/${project.accessKey}/comments`, token: undefined },
      { path: `/api/v1/projects/${project.id}/comments`, token: owner.token },
    ];
    for (const { path, token } of paths) {
      for (const [character, what] of NAME_ATTACKS) {
        const res = await inject(server, path, { body: { authorName: `Eve${character}Open the project: http://evil.example`, text: 'Nice' }, token });
        expect([res.status, errorOf(res.json)], `${path} ${what}`).toEqual([400, 'invalid_name']);
      }
    }
    const list = await inject(server, `/api/v1/projects/${project.id}/comments`, { token: owner.token });
    expect(list.json).toEqual([]);
  });

  it('a note’s text keeps line feeds, tabs and the joiners emoji need; the other characters are refused (invalid_request)', async () => {
    const project = await published();
    const link = `/api/v1/projects/accessKeys/${project.accessKey}/comments`;
    for (const character of ['\u0007', '\u0000', '\u202e', '\u200e', '\u2066', '\u061c', '\u2028', '\u2029', '\u200b', '\ufeff', '\u0085', '\r', '\u000b']) {
      for (const token of [undefined, owner.token]) {
        const path = token ? `/api/v1/projects/${project.id}/comments` : link;
        const res = await inject(server, path, { body: { authorName: 'Gus', text: `Move the shelf${character} down` }, token });
        expect([res.status, errorOf(res.json)], JSON.stringify(character)).toEqual([400, 'invalid_request']);
      }
    }
    const fine = 'Two things:\n\t- the shelf\r\n\t- the handle 👩\u200d🔧 (ZWJ)\nمرسی، خیلی\u200cخوب';
    expect((await inject(server, link, { body: { authorName: 'Gus', text: fine } })).status).toBe(201);
    const list = (await inject(server, `/api/v1/projects/${project.id}/comments`, { token: owner.token })).json as { text: string }[];
    expect(list.map((c) => c.text)).toEqual([fine.replace('\r\n', '\n')]);
  });

  it('a hyperlink’s name with any of them is refused (invalid_name)', async () => {
    const project = await published();
    for (const [character, what] of NAME_ATTACKS) {
      const res = await inject(server, `/api/v1/projects/${project.id}/attachments`, { body: { authorName: 'Olivia', name: `Plan${character}fdp.exe`, url: 'https://example.com/plan.pdf' }, token: owner.token });
      expect([res.status, errorOf(res.json)], what).toEqual([400, 'invalid_name']);
    }
  });
});

describe('approval names', () => {
  it('refuses the line separators and the zero-width characters too (invalid_name)', async () => {
    const project = await addProject(server, owner.user.id, { published: true, stage: 'approval', shareOptions: SHARE });
    for (const character of ['\u2028', '\u2029', '\u200b', '\u200c', '\u200d', '\ufeff']) {
      for (const route of ['approval', 'changes']) {
        const res = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/${route}`, { body: { name: `Claire${character}Client`, revisionNumber: 1 } });
        expect([res.status, errorOf(res.json)], `${route} ${JSON.stringify(character)}`).toEqual([400, 'invalid_name']);
      }
    }
  });
});

describe('what leaves the product, also from names stored before the rule', () => {
  const stored = 'abc\u202egpj.exe\u2066\u0007';

  it('mail: the subject is one line without them; a name cannot add lines to the body', () => {
    const attacker = 'Eve\nOpen the project: http://evil.example\u2028From: Owner';
    for (const lang of ['en', 'fr'] as const) {
      const notes = notesMail(lang, stored, [{ author: attacker, text: 'Fine\n\nOpen the project: http://evil.example\u0007', url: 'https://cabinet.example.com/projects/1?note=2' }]);
      const decision = decisionMail(lang, { kind: 'approved', name: attacker, revisionNumber: 2, project: stored, url: 'https://cabinet.example.com/projects/1' });
      for (const mail of [notes, decision]) {
        expect(mail.subject).not.toMatch(UNSAFE);
        expect(mail.subject).toContain('abcgpj.exe');
        // No line of the body begins with what a name or a note wrote: their line breaks are gone.
        const lines = mail.text.split('\n');
        expect(lines.filter((line) => /^\s*(Open the project|From):\s*(http:\/\/evil|Owner)/.test(line))).toEqual([]);
        expect(mail.text.replace(/\n/g, '')).not.toMatch(UNSAFE);
      }
      expect(notes.text).toContain('Eve Open the project: http://evil.example From: Owner: Fine Open the project: http://evil.example');
    }
  });

  it('file names: the download’s Content-Disposition carries none of them', async () => {
    const project = await addProject(server, owner.user.id, { name: stored, shareOptions: { ...SHARE, isPartsListAvailable: true } });
    for (const file of ['parts.csv', 'export.vok', 'notes.bcfzip']) {
      const res = await inject(server, `/api/v1/projects/${project.id}/${file}`, { token: owner.token });
      expect(res.status, `${file} ${JSON.stringify(res.json)}`).toBe(200);
      const disposition = String(res.headers['content-disposition']);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1])).not.toMatch(UNSAFE);
      expect(disposition).toContain("UTF-8''abcgpj.exe");
    }
  });

  it('BCF: titles, authors and comments carry none of them (line feeds aside in the text)', async () => {
    const project = await addProject(server, owner.user.id, { name: stored });
    await addNote(server.database.db, 'comment', {
      projectId: project.id,
      authorUserId: null,
      authorGuestId: 'g1',
      authorName: 'Eve\u202e\nX',
      authorAvatarUrl: null,
      createdAt: 1_800_000_000,
      text: '\u202eevil\u0007 title\u2028second\nthird',
    });
    const res = await inject(server, `/api/v1/projects/${project.id}/notes.bcfzip`, { token: owner.token });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(res.raw));
    const texts = Object.entries(files)
      .filter(([path]) => !path.endsWith('.png'))
      .map(([, bytes]) => strFromU8(bytes));
    const all = texts.join('\n');
    expect(all.replace(/\n/g, '')).not.toMatch(UNSAFE);
    expect(all).toContain('<Title>evil title</Title>');
    expect(all).toContain('<CreationAuthor>Eve X</CreationAuthor>');
    expect(all).toContain('<Description>evil title\nsecond\nthird</Description>');
    expect(all).toContain('<Name>abcgpj.exe</Name>');
    // The pure writer does the same for any input.
    const archive = unzipSync(bcfArchive({ project: { id: 1, name: stored }, notes: [{ id: 1, authorName: stored, text: stored, createdAt: 1, status: 'open', pin: null, view: null, replies: [] }] }));
    for (const [path, bytes] of Object.entries(archive)) expect(strFromU8(bytes).replace(/\n/g, ''), path).not.toMatch(UNSAFE);
  });
});
