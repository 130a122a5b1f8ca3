/**
 * The hyperlinks (attachments) of a project (SPEC §3, §5, §6): the notes machine
 * (notesMachine.ts) for the hyperlink kind. The draft is a name and a link; both are needed,
 * trimmed. Events are namespaced `hyperlinks.*`; `hyperlinks.change` carries `field` and `value`.
 * Link decision: a link typed without a scheme (`example.com/a`) is sent as `https://...`; only
 * http and https links are accepted (the server refuses others).
 */
import type { Attachment } from '../../../api/schemas';
import { ATTACHMENT_NAME_MAX_LENGTH, httpUrlSchema } from '../../../api/schemas';
import { createNotesMachine } from './notesMachine';

/** A hyperlink (an attachment of SPEC §3) as the panel shows it. */
export type Hyperlink = Attachment;
export { ATTACHMENT_NAME_MAX_LENGTH };

interface HyperlinkDraft {
  name: string;
  url: string;
}

/** Effects: loadHyperlinks, createHyperlink, deleteHyperlink, deleteHyperlinks. */
type HyperlinkTypes = { ns: 'hyperlinks'; one: 'Hyperlink'; many: 'Hyperlinks'; item: Attachment; draft: HyperlinkDraft; change: { field: keyof HyperlinkDraft; value: string } };

/** The link as it will be sent: trimmed, `https://` added when no scheme is given. */
export function normalizeLink(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

type HyperlinkDraftError = 'nameEmpty' | 'nameTooLong' | 'linkEmpty' | 'linkInvalid';

/** The first rule the draft breaks, or null when it can be sent. */
export function hyperlinkDraftError(draft: HyperlinkDraft): HyperlinkDraftError | null {
  const name = draft.name.trim();
  if (name === '') return 'nameEmpty';
  if (name.length > ATTACHMENT_NAME_MAX_LENGTH) return 'nameTooLong';
  if (draft.url.trim() === '') return 'linkEmpty';
  return httpUrlSchema.safeParse(normalizeLink(draft.url)).success ? null : 'linkInvalid';
}

export const hyperlinksMachine = createNotesMachine<HyperlinkTypes>({
  ns: 'hyperlinks', one: 'Hyperlink', many: 'Hyperlinks',
  emptyDraft: { name: '', url: '' },
  change: (draft, { field, value }) => ({ ...draft, [field]: value }),
  isSendable: (draft) => hyperlinkDraftError(draft) === null,
  content: (draft) => ({ name: draft.name.trim(), url: normalizeLink(draft.url) }),
  guestsWrite: false,
});
