/**
 * The review's notes panel (the review machine's view): the notes with their replies, open or
 * resolved, the number still open; "Pin a note" (tap the model, or a note on the whole view), the
 * markup tools, the note's text and Send; a reply box under a note; Resolve and Reopen for the owner.
 * A click on a note's card (outside its buttons and boxes) opens the note, as its Show button does.
 * It reads the review actor's snapshot and sends it events, nothing else.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { COMMENT_MAX_LENGTH, openCount, repliesOf, threadStarts, type MarkupTool, type reviewMachine } from '../../../machines/viewer/review/reviewMachine';
import { useLL } from '../../app/I18nProvider';
import { AuthorLine } from '../panels/AuthorLine';

export type ReviewActor = ActorRefFrom<typeof reviewMachine>;

const TOOLS: MarkupTool[] = ['arrow', 'rectangle', 'cloud', 'line', 'text'];
const buttonClass = 'min-h-11 rounded-lg px-3 text-sm font-bold';
const primary = `${buttonClass} bg-primary text-on-primary hover:bg-primary-hover disabled:opacity-50`;
const quiet = `${buttonClass} border border-border text-fg hover:bg-surface-overlay`;
/** The markup tools: small enough for five in two rows of the narrow panel. */
// A finger's target on a phone (44 px), the small one beside a mouse.
const small = 'min-h-11 sm:min-h-9 rounded-lg border border-border px-2 text-xs font-bold text-fg hover:bg-surface-overlay disabled:opacity-50';

export function ReviewPanel({ actor }: { actor: ReviewActor }) {
  const LL = useLL();
  const t = LL.review;
  const state = useSelector(actor, (s) => s);
  const { notes, openId, draft, reply, error, role } = state.context;
  if (state.matches('loading')) return <p className="p-3 text-sm text-fg-muted">…</p>;
  if (state.matches('failed')) {
    return (
      <div className="flex flex-col gap-2 p-3" role="alert">
        <p className="text-sm text-fg">{t.failed.load()}</p>
        <button type="button" className={quiet} onClick={() => actor.send({ type: 'review.retry' })}>
          {t.retry()}
        </button>
      </div>
    );
  }
  const composing = state.matches({ ready: 'composing' });
  const placing = state.matches({ ready: { composing: 'placing' } });
  const sending = state.matches({ ready: { composing: 'sending' } }) || state.matches({ ready: 'sendingReply' });
  const starts = threadStarts(notes);
  return (
    <section aria-label={t.title()} className="flex flex-col gap-3 p-3">
      <header className="flex items-center justify-between gap-2">
        <h2 className="text-base font-extrabold text-fg">{t.title()}</h2>
        <span data-testid="open-notes" className="rounded-full bg-surface-overlay px-2 py-0.5 text-xs font-bold text-fg-muted">
          {t.openCount({ count: openCount(notes) })}
        </span>
      </header>
      {error && error !== 'load' ? (
        <p role="alert" className="text-sm text-red-300">
          {t.failed[error]()}
        </p>
      ) : null}
      {!composing ? (
        <button type="button" className={primary} onClick={() => actor.send({ type: 'review.compose' })}>
          {t.pinNote()}
        </button>
      ) : placing ? (
        <div className="flex flex-col gap-2 rounded-lg border border-primary/60 p-3">
          <p className="text-sm text-fg">{t.placing()}</p>
          <div className="flex flex-col gap-2">
            <button type="button" className={quiet} onClick={() => actor.send({ type: 'review.wholeView' })}>
              {t.noPin()}
            </button>
            <button type="button" className={quiet} onClick={() => actor.send({ type: 'review.cancel' })}>
              {t.cancel()}
            </button>
          </div>
        </div>
      ) : draft ? (
        <div className="flex flex-col gap-2 rounded-lg border border-primary/60 p-3">
          <div role="toolbar" aria-label={t.markupTools()} className="flex flex-wrap gap-1">
            {TOOLS.map((tool) => (
              <button key={tool} type="button" aria-pressed={draft.tool === tool} className={`${small} ${draft.tool === tool ? 'border-primary text-primary' : ''}`} onClick={() => actor.send({ type: 'review.tool', tool: draft.tool === tool ? null : tool })}>
                {t.tools[tool]()}
              </button>
            ))}
            <button type="button" className={small} disabled={draft.markup.length === 0} onClick={() => actor.send({ type: 'review.undo' })} aria-label={t.undo()} title={t.undo()}>
              ↶
            </button>
          </div>
          {draft.tool === 'text' ? (
            <label className="flex flex-col gap-1 text-sm text-fg">
              {t.markupText()}
              <input
                value={draft.markupText}
                maxLength={200}
                onChange={(e) => actor.send({ type: 'review.markupText', text: e.target.value })}
                className="rounded-lg border border-border bg-surface px-2 py-1.5 text-fg"
              />
            </label>
          ) : null}
          <label className="flex flex-col gap-1 text-sm text-fg">
            {t.text()}
            <textarea
              rows={3}
              value={draft.text}
              onChange={(e) => actor.send({ type: 'review.text', text: e.target.value })}
              className="rounded-lg border border-border bg-surface px-2 py-1.5 text-fg"
            />
          </label>
          {draft.text.trim().length > COMMENT_MAX_LENGTH ? <p className="text-xs text-red-300">{t.tooLong({ max: COMMENT_MAX_LENGTH })}</p> : null}
          <SendRow actor={actor} sending={sending} disabled={draft.text.trim() === '' || draft.text.trim().length > COMMENT_MAX_LENGTH} />
        </div>
      ) : null}
      {starts.length === 0 ? <p className="text-sm text-fg-muted">{t.empty()}</p> : null}
      <ol className="flex flex-col gap-2">
        {starts.map((note, index) => (
          <li
            key={note.id}
            data-note={note.id}
            // The card opens its note (keyboards use its Show button); a click on a control of the card is that control's.
            onClick={(event) => {
              if (openId !== note.id && !(event.target as Element).closest('button, textarea, input, a, label')) actor.send({ type: 'review.open', id: note.id });
            }}
            className={`rounded-lg border p-3 ${openId === note.id ? 'border-primary' : 'cursor-pointer border-border hover:border-border-strong'} bg-surface-overlay/60`}
          >
            <div className="flex min-w-0 items-center gap-2">
              <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full bg-primary text-xs font-extrabold text-on-primary">
                {index + 1}
              </span>
              <AuthorLine name={note.authorName} avatarUrl={note.authorAvatarUrl} date={note.date} />
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
              <span className={`shrink-0 rounded-full px-2 py-0.5 font-bold ${note.status === 'open' ? 'bg-amber-400/15 text-amber-300' : 'bg-emerald-400/15 text-emerald-300'}`}>
                {note.status === 'open' ? t.open() : t.resolved()}
              </span>
              {note.pin?.partName ? <span>{t.pinnedOn({ part: note.pin.partName })}</span> : null}
            </p>
            <p className="mt-1 text-sm whitespace-pre-wrap text-fg">{note.text}</p>
            <ul className="mt-2 flex flex-col gap-1 border-l-2 border-border pl-2">
              {repliesOf(notes, note.id).map((r) => (
                <li key={r.id}>
                  <AuthorLine name={r.authorName} avatarUrl={r.authorAvatarUrl} date={r.date} />
                  <p className="text-sm whitespace-pre-wrap text-fg">{r.text}</p>
                </li>
              ))}
            </ul>
            {reply?.parentId === note.id ? (
              <div className="mt-2 flex flex-col gap-2">
                <label className="flex flex-col gap-1 text-sm text-fg">
                  {t.replyText()}
                  <textarea rows={2} value={reply.text} onChange={(e) => actor.send({ type: 'review.text', text: e.target.value })} className="rounded-lg border border-border bg-surface px-2 py-1.5 text-fg" />
                </label>
                <SendRow actor={actor} sending={sending} disabled={reply.text.trim() === ''} />
              </div>
            ) : (
              <div className="mt-2 flex flex-wrap gap-1.5">
                {note.hasView && openId !== note.id ? (
                  <button type="button" className={small} onClick={() => actor.send({ type: 'review.open', id: note.id })}>
                    {t.show()}
                  </button>
                ) : null}
                {openId === note.id ? (
                  <button type="button" className={small} onClick={() => actor.send({ type: 'review.close' })}>
                    {t.close()}
                  </button>
                ) : null}
                <button type="button" className={small} onClick={() => actor.send({ type: 'review.reply', id: note.id })}>
                  {t.reply()}
                </button>
                {role === 'owner' ? (
                  <button type="button" className={small} onClick={() => actor.send({ type: 'review.setStatus', id: note.id, status: note.status === 'open' ? 'resolved' : 'open' })}>
                    {note.status === 'open' ? t.resolve() : t.reopen()}
                  </button>
                ) : null}
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Send (while the text can go) and Cancel, under a note being written or a reply. */
function SendRow({ actor, sending, disabled }: { actor: ReviewActor; sending: boolean; disabled: boolean }) {
  const t = useLL().review;
  return (
    <div className="flex gap-2">
      <button type="button" className={primary} disabled={sending || disabled} onClick={() => actor.send({ type: 'review.send' })}>
        {sending ? t.sending() : t.send()}
      </button>
      <button type="button" className={quiet} onClick={() => actor.send({ type: 'review.cancel' })}>
        {t.cancel()}
      </button>
    </div>
  );
}
