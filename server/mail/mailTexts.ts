/** The review mails' words, in the owner's language (English unless they chose French). */
import { oneLine } from '../../src/model/text/safeText';

type MailLanguage = 'en' | 'fr';

export interface NoteLine {
  author: string;
  text: string;
  url: string;
}

const TEXTS = {
  en: {
    approved: (name: string, n: number, project: string) => `${name} approved revision ${n} of ${project}`,
    changesRequested: (name: string, n: number, project: string) => `${name} asked for changes to revision ${n} of ${project}`,
    changesBody: 'Their notes say what to change. The project is back at its design stage.',
    approvedBody: 'The project is now ready for production.',
    chosen: 'Options chosen',
    total: 'Total',
    open: 'Open the project',
    notesSubject: (count: number, project: string) => (count === 1 ? `A new note on ${project}` : `${count} new notes on ${project}`),
    notesIntro: (count: number) => (count === 1 ? 'A note was written through your shared link:' : `${count} notes were written through your shared link:`),
    footer: 'You get this mail because you own this project.',
  },
  fr: {
    approved: (name: string, n: number, project: string) => `${name} a approuvé la révision ${n} de ${project}`,
    changesRequested: (name: string, n: number, project: string) => `${name} demande des modifications à la révision ${n} de ${project}`,
    changesBody: 'Ses notes disent quoi modifier. Le projet revient à son étape de conception.',
    approvedBody: 'Le projet est maintenant prêt pour la production.',
    chosen: 'Options choisies',
    total: 'Total',
    open: 'Ouvrir le projet',
    notesSubject: (count: number, project: string) => (count === 1 ? `Une nouvelle note sur ${project}` : `${count} nouvelles notes sur ${project}`),
    notesIntro: (count: number) => (count === 1 ? 'Une note a été écrite par votre lien de partage :' : `${count} notes ont été écrites par votre lien de partage :`),
    footer: 'Vous recevez ce message parce que ce projet vous appartient.',
  },
} as const;

export const languageOf = (preferred: string | null): MailLanguage => (preferred === 'fr' ? 'fr' : 'en');

/*
 * Names and notes come from people (a guest on a link, names stored before the rule of
 * src/model/text/safeText.ts): each goes into the mail as one line without control or text-direction
 * characters, so that none adds a header or a line of the mail's own ("Open the project: ...").
 */

/** What an approval was given on, as the mail says it. */
export interface MailQuote {
  names: { group: string; choice: string }[];
  total: number;
  currency: string;
}

function quoteLines(lang: MailLanguage, quote: MailQuote): string {
  const t = TEXTS[lang];
  const money = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: quote.currency });
  const lines = quote.names.map((n) => `- ${oneLine(n.group)}: ${oneLine(n.choice)}`).join('\n');
  return `${t.chosen}:\n${lines}\n${t.total}: ${money.format(quote.total)}\n\n`;
}

export function decisionMail(
  lang: MailLanguage,
  d: { kind: 'approved' | 'changesRequested'; name: string; revisionNumber: number; project: string; url: string; quote?: MailQuote | null },
): { subject: string; text: string } {
  const t = TEXTS[lang];
  const [name, project] = [oneLine(d.name), oneLine(d.project)];
  const subject = d.kind === 'approved' ? t.approved(name, d.revisionNumber, project) : t.changesRequested(name, d.revisionNumber, project);
  const body = d.kind === 'approved' ? t.approvedBody : t.changesBody;
  const quote = d.kind === 'approved' && d.quote ? quoteLines(lang, d.quote) : '';
  return { subject, text: `${subject}.\n\n${quote}${body}\n\n${t.open}: ${d.url}\n\n-- \n${t.footer}\n` };
}

export function notesMail(lang: MailLanguage, project: string, notes: NoteLine[]): { subject: string; text: string } {
  const t = TEXTS[lang];
  const lines = notes
    .map((n) => {
      const text = oneLine(n.text).replace(/ {2,}/g, ' ');
      return `- ${oneLine(n.author)}: ${text.length > 300 ? `${text.slice(0, 300)}…` : text}\n  ${n.url}`;
    })
    .join('\n');
  return { subject: t.notesSubject(notes.length, oneLine(project)), text: `${t.notesIntro(notes.length)}\n\n${lines}\n\n-- \n${t.footer}\n` };
}
