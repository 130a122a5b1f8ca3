/**
 * The owner's review mails, received by a real SMTP server started here (smtp-server) and read
 * back with mailparser: a decision at once, the link's new notes gathered into one mail, each in the
 * owner's language with the links to the project and its notes; the owner's own notes send nothing,
 * and without SMTP_URL nothing is sent at all.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';
import { until } from './helpers/until';

const SHARE = { isHierarchyVisible: true, isCommentsVisible: true, isAttachmentVisible: true, isClippingPlaneAvailable: true, isXRayRenderModeAvailable: true, isIllustrationRenderModeAvailable: true, isWireframeRenderModeAvailable: true, isPartsListAvailable: false, isApprovalAvailable: true, isEstimateAvailable: false, isArAvailable: false };

const received: { to: string; mail: ParsedMail }[] = [];
let smtp: SMTPServer;
let server: TestServer;
let french: TestUser;
let english: TestUser;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Cabinet Viewer <review@cabinet.example.com>', MAIL_BATCH_SECONDS: '3600', PUBLIC_URL: 'https://cabinet.example.com' } });
  french = await addUser(server, 'Françoise Owner');
  english = await addUser(server, 'Edward Owner');
  await server.database.db.updateTable('users').set({ preferred_language: 'fr' }).where('id', '=', french.user.id).execute();
}, 30_000);

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const mailsTo = (user: TestUser) => received.filter((r) => r.to === user.user.username).map((r) => r.mail);

describe('review mails', () => {
  it("sends each decision at once, in the owner's language, with the project's link", async () => {
    const project = await addProject(server, french.user.id, { name: 'Cuisine Martin', published: true, stage: 'approval', shareOptions: SHARE });
    expect((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/approval`, { method: 'POST', body: { name: 'Claire', revisionNumber: 1 } })).status).toBe(200);
    const [mail] = await until(async () => (mailsTo(french).length > 0 ? mailsTo(french) : undefined));
    expect(mail.subject).toBe('Claire a approuvé la révision 1 de Cuisine Martin');
    expect(mail.text).toContain(`https://cabinet.example.com/projects/${project.id}`);
    expect(mail.text).toContain('prêt pour la production');
    expect(mail.from?.text).toContain('review@cabinet.example.com');
  });

  it("gathers the link's new notes into one mail with a link to each, and the owner's own notes send nothing", async () => {
    const project = await addProject(server, english.user.id, { name: 'Smith kitchen', published: true, stage: 'approval', shareOptions: SHARE });
    const before = mailsTo(english).length;
    const ids: number[] = [];
    for (const text of ['The left door should open the other way', 'Handles in black']) {
      const res = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/comments`, { body: { authorName: 'Claire', text } });
      ids.push((res.json as { id: number }).id);
    }
    await inject(server, `/api/v1/projects/${project.id}/comments`, { token: english.token, body: { authorName: 'Edward', text: 'Noted' } });
    // Gathered for the batch's hour: nothing sent yet.
    expect(mailsTo(english).length).toBe(before);
    await server.app.services.mail!.flush();
    const mails = await until(async () => (mailsTo(english).length > before ? mailsTo(english) : undefined));
    const digest = mails.at(-1)!;
    expect(mails.length).toBe(before + 1);
    expect(digest.subject).toBe('2 new notes on Smith kitchen');
    for (const id of ids) expect(digest.text).toContain(`https://cabinet.example.com/projects/${project.id}?note=${id}`);
    expect(digest.text).toContain('Claire: The left door should open the other way');
    expect(digest.text).not.toContain('Noted');

    // A request for changes, in English this time.
    const note = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/comments`, { body: { authorName: 'Claire', text: 'Wider drawer' } });
    const cookie = note.cookies.find((c) => c.name === 'guest_id')?.pair;
    expect((await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}/changes`, { method: 'POST', body: { name: 'Claire', revisionNumber: 1 }, cookie })).status).toBe(200);
    const decision = await until(async () => mailsTo(english).find((m) => m.subject?.includes('asked for changes')));
    expect(decision.subject).toBe('Claire asked for changes to revision 1 of Smith kitchen');
  });

  it('sends nothing without SMTP_URL', async () => {
    const plain = await startTestServer();
    try {
      expect(plain.app.services.mail).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
