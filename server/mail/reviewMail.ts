/**
 * Mails to the owner about the client's review, when `SMTP_URL` names a mail server (nodemailer):
 * one for each decision (an approval, a request for changes) at once, and one for the new notes of
 * a project written through its link, gathered for `MAIL_BATCH_SECONDS` (10 min by default) so that
 * a client writing ten notes sends one mail. In the owner's language, with links to the project and
 * to each note (`/projects/{id}?note={noteId}`). Without `SMTP_URL`, nothing is sent. A mail that
 * cannot be sent is logged and dropped: the review itself never waits for the mail server.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { oneLine } from '../../src/model/text/safeText';
import type { Db } from '../db/database';
import { findUserById } from '../db/users';
import { decisionMail, languageOf, notesMail, type MailQuote, type NoteLine } from './mailTexts';

export interface ReviewMailer {
  decision(project: { id: number; ownerId: number; name: string }, decision: { kind: 'approved' | 'changesRequested'; name: string; revisionNumber: number; quote?: MailQuote | null }): void;
  note(project: { id: number; ownerId: number; name: string }, note: { id: number; author: string; text: string }): void;
  /** Sends what is gathered now (on stop, and for tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface MailOptions {
  smtpUrl: string;
  from: string;
  /** Origin of the links in the mails. */
  origin: string;
  batchSeconds: number;
  db: Db;
  log?: FastifyBaseLogger;
}

export function createReviewMailer(options: MailOptions): ReviewMailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  const pending = new Map<number, { project: { id: number; ownerId: number; name: string }; notes: NoteLine[]; timer: NodeJS.Timeout }>();
  const sending = new Set<Promise<void>>();
  const projectUrl = (id: number) => `${options.origin}/projects/${id}`;

  const send = (ownerId: number, build: (lang: 'en' | 'fr') => { subject: string; text: string }) => {
    const work = (async () => {
      const owner = await findUserById(options.db, ownerId);
      if (!owner || owner.disabled) return;
      const { subject, text } = build(languageOf(owner.preferredLanguage));
      // The subject is a header: one line, whatever a text above let through.
      await transport.sendMail({ from: options.from, to: owner.username, subject: oneLine(subject), text });
    })()
      .catch((error: unknown) => options.log?.warn({ err: error }, 'review mail not sent'))
      .finally(() => sending.delete(work));
    sending.add(work);
  };
  const sendNotes = (projectId: number) => {
    const batch = pending.get(projectId);
    if (!batch) return;
    pending.delete(projectId);
    clearTimeout(batch.timer);
    send(batch.project.ownerId, (lang) => notesMail(lang, batch.project.name, batch.notes));
  };

  return {
    decision(project, decision) {
      send(project.ownerId, (lang) => decisionMail(lang, { ...decision, project: project.name, url: projectUrl(project.id) }));
    },
    note(project, note) {
      const line = { author: note.author, text: note.text, url: `${projectUrl(project.id)}?note=${note.id}` };
      const batch = pending.get(project.id);
      if (batch) batch.notes.push(line);
      else pending.set(project.id, { project, notes: [line], timer: setTimeout(() => sendNotes(project.id), options.batchSeconds * 1000).unref() });
    },
    async flush() {
      for (const projectId of [...pending.keys()]) sendNotes(projectId);
      await Promise.all([...sending]);
    },
    async close() {
      await this.flush();
      transport.close();
    },
  };
}
