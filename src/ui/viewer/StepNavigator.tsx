/**
 * The step navigator of notice mode (SPEC §2, §4): previous, "Step n of N", next; the left and
 * right arrow keys do the same unless the user is typing. Shows nothing outside notice mode, nor
 * for a single step (one `filter` isolates without steps).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { noticePosition, type noticeMachine } from '../../machines/viewer/tools/noticeMachine';
import { useLL } from '../app/I18nProvider';
import { ChevronLeftIcon, ChevronRightIcon } from '../common/actionIcons';

export type NoticeActor = ActorRefFrom<typeof noticeMachine>;

/** Whether a key event comes from a place where arrows move a caret or a value. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const buttonClass =
  'flex size-9 items-center justify-center rounded-full text-fg hover:bg-surface-overlay focus-visible:outline-2 focus-visible:outline-primary';

export function StepNavigator({ actor }: { actor: NoticeActor }) {
  const LL = useLL();
  const position = useSelector(actor, noticePosition, (a, b) => a?.current === b?.current && a?.total === b?.total);
  const active = position !== null && position.total > 1;

  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (e.key === 'ArrowLeft') actor.send({ type: 'notice.previous' });
      else if (e.key === 'ArrowRight') actor.send({ type: 'notice.next' });
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actor, active]);

  if (!position || !active) return null;
  return (
    <nav
      aria-label={LL.viewer.steps.position(position)}
      className="flex items-center gap-1 rounded-full border border-border bg-surface-raised/90 px-1 py-1 shadow-lg shadow-black/40"
    >
      <button type="button" className={buttonClass} aria-label={LL.viewer.steps.previous()} title={LL.viewer.steps.previous()} onClick={() => actor.send({ type: 'notice.previous' })}>
        <ChevronLeftIcon strokeLinecap="butt" strokeLinejoin="miter" />
      </button>
      <span aria-live="polite" className="min-w-24 px-2 text-center text-sm font-semibold text-fg tabular-nums">
        {LL.viewer.steps.position(position)}
      </span>
      <button type="button" className={buttonClass} aria-label={LL.viewer.steps.next()} title={LL.viewer.steps.next()} onClick={() => actor.send({ type: 'notice.next' })}>
        <ChevronRightIcon strokeLinecap="butt" strokeLinejoin="miter" />
      </button>
    </nav>
  );
}
