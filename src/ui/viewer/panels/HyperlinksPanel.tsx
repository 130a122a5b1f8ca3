/**
 * The hyperlinks panel (SPEC §2, §5, §6): the notes panel for hyperlinks. Links open in a new tab
 * (rel noopener); the form (name on one line, link up to 3 rows) shows only when the actor's
 * `canCreate` is true, never on public links.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ATTACHMENT_NAME_MAX_LENGTH, hyperlinkDraftError, type Hyperlink, type hyperlinksMachine } from '../../../machines/viewer/notes/hyperlinksMachine';
import { useLL } from '../../app/I18nProvider';
import { ExternalIcon } from '../../common/actionIcons';
import { fieldClass, labelClass } from '../../common/controlStyles';
import { NotesPanel } from './NotesPanel';

type HyperlinksActor = ActorRefFrom<typeof hyperlinksMachine>;

interface HyperlinksPanelProps {
  actor: HyperlinksActor;
}

export function HyperlinksPanel({ actor }: HyperlinksPanelProps) {
  const LL = useLL();
  const T = LL.viewer.hyperlinks;
  const draft = useSelector(actor, (s) => s.context.draft);
  const sending = useSelector(actor, (s) => s.matches({ form: 'sending' }));
  const draftError = hyperlinkDraftError(draft);
  // Rules are shown once the field has something in it: an empty form is not an error.
  const nameMessage = draftError === 'nameTooLong' ? T.nameTooLong({ max: ATTACHMENT_NAME_MAX_LENGTH }) : null;
  const linkMessage = draftError === 'linkInvalid' ? T.invalidLink() : null;
  const change = (field: 'name' | 'url', value: string) => actor.send({ type: 'hyperlinks.change', field, value });

  return (
    <NotesPanel<Hyperlink>
      actor={actor}
      ns="hyperlinks"
      texts={T}
      renderBody={(link) => (
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex max-w-full items-center gap-1 text-sm font-semibold break-words text-primary underline-offset-4 hover:underline"
        >
          <span className="min-w-0 break-words">{link.name}</span>
          <ExternalIcon width={14} height={14} className="shrink-0" />
          <span className="sr-only">{LL.common.opensInNewTab()}</span>
        </a>
      )}
      draftIsEmpty={draft.name === '' && draft.url === ''}
      draftIsSendable={draftError === null}
      fields={
        <>
          <div>
            <label htmlFor="hyperlink-name" className={labelClass}>
              {T.name()}
            </label>
            <input
              id="hyperlink-name"
              type="text"
              value={draft.name}
              disabled={sending}
              aria-invalid={nameMessage !== null}
              onChange={(e) => change('name', e.target.value)}
              className={fieldClass}
              autoComplete="off"
            />
            {nameMessage && <p className="mt-1 text-sm text-danger">{nameMessage}</p>}
          </div>
          <div>
            <label htmlFor="hyperlink-url" className={labelClass}>
              {T.link()}
            </label>
            <textarea
              id="hyperlink-url"
              rows={Math.min(3, Math.max(1, draft.url.split('\n').length))}
              value={draft.url}
              disabled={sending}
              aria-invalid={linkMessage !== null}
              onChange={(e) => change('url', e.target.value)}
              onKeyDown={(e) => {
                // Enter adds the link; Shift+Enter still breaks the line.
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  actor.send({ type: 'hyperlinks.submit' });
                }
              }}
              className={`${fieldClass} resize-none break-all`}
              spellCheck={false}
            />
            {linkMessage && <p className="mt-1 text-sm text-danger">{linkMessage}</p>}
          </div>
        </>
      }
    />
  );
}
