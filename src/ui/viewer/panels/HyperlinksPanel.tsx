/**
 * The hyperlinks panel (SPEC §2, §5, §6), bound to one hyperlinks actor: links open in a new tab
 * (rel noopener), a delete button on deletable ones, and the form (name on one line, link up to
 * 3 rows) only when the actor's `canCreate` is true, never on public links.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  ATTACHMENT_NAME_MAX_LENGTH,
  hyperlinkDraftError,
  type hyperlinksMachine,
} from '../../../machines/viewer/hyperlinksMachine';
import { useLL } from '../../app/I18nProvider';
import { ExternalIcon, TrashIcon } from '../../common/actionIcons';
import { fieldClass, labelClass, primaryButtonClass, secondaryButtonClass } from '../../common/controlStyles';
import { AuthorLine } from './AuthorLine';
import { ContentErrorMessage } from './ContentErrorMessage';

export type HyperlinksActor = ActorRefFrom<typeof hyperlinksMachine>;

export interface HyperlinksPanelProps {
  actor: HyperlinksActor;
}

export function HyperlinksPanel({ actor }: HyperlinksPanelProps) {
  const LL = useLL();
  const hyperlinks = useSelector(actor, (s) => s.context.hyperlinks);
  const draft = useSelector(actor, (s) => s.context.draft);
  const error = useSelector(actor, (s) => s.context.error);
  const canCreate = useSelector(actor, (s) => s.context.canCreate);
  const loading = useSelector(actor, (s) => s.matches({ list: 'loading' }));
  const loadFailed = useSelector(actor, (s) => s.matches({ list: 'failed' }));
  const sending = useSelector(actor, (s) => s.matches({ form: 'sending' }));
  const draftError = hyperlinkDraftError(draft);
  // Rules are shown once the field has something in it: an empty form is not an error.
  const nameMessage = draftError === 'nameTooLong' ? LL.viewer.hyperlinks.nameTooLong({ max: ATTACHMENT_NAME_MAX_LENGTH }) : null;
  const linkMessage = draftError === 'linkInvalid' ? LL.viewer.hyperlinks.invalidLink() : null;
  const change = (field: 'name' | 'url', value: string) => actor.send({ type: 'hyperlinks.change', field, value });

  return (
    <section aria-label={LL.viewer.hyperlinks.title()} className="flex min-h-0 flex-col gap-3">
      {error && (
        <ContentErrorMessage
          error={error}
          loadFailed={loadFailed}
          messages={{
            loadFailed: LL.viewer.hyperlinks.loadFailed(),
            createFailed: LL.viewer.hyperlinks.addFailed(),
            deleteFailed: LL.viewer.hyperlinks.deleteFailed(),
          }}
          onRetry={() => actor.send({ type: 'hyperlinks.retry' })}
          onDismiss={() => actor.send({ type: 'hyperlinks.dismissError' })}
        />
      )}
      {loading ? (
        <p className="text-sm text-fg-muted">{LL.common.loading()}</p>
      ) : (
        !loadFailed &&
        (hyperlinks.length === 0 ? (
          <p className="text-sm text-fg-muted">{LL.viewer.hyperlinks.empty()}</p>
        ) : (
          <ul className="flex min-h-0 flex-col gap-3 overflow-y-auto">
            {hyperlinks.map((link) => (
              <li key={link.id} className="rounded-lg border border-border bg-surface-overlay/60 p-3">
                <div className="flex items-start justify-between gap-2">
                  <AuthorLine name={link.authorName} avatarUrl={link.authorAvatarUrl} date={link.date} />
                  {link.isDeletable && (
                    <button
                      type="button"
                      aria-label={LL.viewer.hyperlinks.deleteHyperlink()}
                      title={LL.viewer.hyperlinks.deleteHyperlink()}
                      className="rounded-md p-1 text-fg-muted hover:bg-surface-overlay hover:text-danger"
                      onClick={() => actor.send({ type: 'hyperlinks.delete', id: link.id })}
                    >
                      <TrashIcon width={16} height={16} />
                    </button>
                  )}
                </div>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-2 inline-flex items-center gap-1 text-sm font-semibold break-all text-primary underline-offset-4 hover:underline"
                >
                  {link.name}
                  <ExternalIcon width={14} height={14} />
                  <span className="sr-only">{LL.common.opensInNewTab()}</span>
                </a>
              </li>
            ))}
          </ul>
        ))
      )}
      {canCreate && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'hyperlinks.submit' });
          }}
        >
          <div>
            <label htmlFor="hyperlink-name" className={labelClass}>
              {LL.viewer.hyperlinks.name()}
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
              {LL.viewer.hyperlinks.link()}
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
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={sending || (draft.name === '' && draft.url === '')}
              onClick={() => actor.send({ type: 'hyperlinks.cancel' })}
            >
              {LL.common.cancel()}
            </button>
            <button type="submit" className={primaryButtonClass} disabled={sending || draftError !== null}>
              {LL.viewer.hyperlinks.add()}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
