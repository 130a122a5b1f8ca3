/**
 * A link's "what changed since your last visit" (the link-changes machine's view): how many parts
 * were added, changed and removed since the revision this browser saw, Show the changes (tinted
 * in the model) or Hide them, and Got it. Where the link shows the hierarchy, a list of the parts
 * opens under it, whose rows select and frame their part (on a phone the list then closes, to leave
 * the part room).
 */
import { useSelector } from '@xstate/react';
import { selectBannerChanges } from '../../machines/viewer/review/linkChangesMachine';
import type { LinkChangesRef } from '../../machines/viewer/viewerContext';
import { useLL } from '../app/I18nProvider';
import { ChangedPartsList } from './ChangedPartsList';
import type { ViewerActor } from './viewerActors';
import { useCompactLayout } from './useWindowWidth';

const button = 'min-h-9 rounded-full border border-border px-3 text-xs font-bold text-fg hover:bg-surface-overlay';

export function LinkChangesBanner({ viewer }: { viewer: ViewerActor }) {
  const actor = useSelector(viewer, (s) => s.context.linkChanges);
  return actor ? <Banner actor={actor} /> : null;
}

/** Whether the link's "what changed" banner is over the model (false where there is none). */
export function useChangesBannerShown(viewer: ViewerActor): boolean {
  const actor = useSelector(viewer, (s) => s.context.linkChanges);
  return useSelector(actor ?? undefined, (s) => (s ? selectBannerChanges(s) !== null : false));
}

function Banner({ actor }: { actor: LinkChangesRef }) {
  const LL = useLL();
  const t = LL.review.changes;
  const state = useSelector(actor, (s) => s);
  const { compact } = useCompactLayout();
  const shown = selectBannerChanges(state);
  if (!shown) return null;
  const { changes, seen } = shown;
  const { revisionNumber, listOpen } = state.context;
  const showing = state.matches('showing');
  const { added, changed, removed } = changes.counts;
  // On a phone the open list leaves no room for the part it frames: the list closes on a choice.
  const select = (partId: string) => {
    actor.send({ type: 'linkChanges.select', partId });
    if (compact) actor.send({ type: 'linkChanges.toggleList' });
  };
  return (
    <section aria-label={t.label()} className="flex max-w-md flex-col items-center gap-2 rounded-2xl border border-primary/60 bg-surface-raised/95 px-4 py-2.5 text-center shadow-lg shadow-black/40">
      <p className="text-sm text-fg">
        <strong>{t.title({ n: revisionNumber })}</strong> {t.since({ seen })}
      </p>
      <p className="text-xs text-fg-muted">
        <span className="text-green-300">{t.added({ count: added })}</span> · <span className="text-yellow-200">{t.changed({ count: changed })}</span> · <span className="text-red-300">{t.removed({ count: removed })}</span>
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className={button} aria-pressed={showing} onClick={() => actor.send({ type: showing ? 'linkChanges.hide' : 'linkChanges.show' })}>
          {showing ? t.hide() : t.show()}
        </button>
        {changes.parts.length > 0 ? (
          <button type="button" className={button} aria-expanded={listOpen} onClick={() => actor.send({ type: 'linkChanges.toggleList' })}>
            {listOpen ? t.closeList() : t.openList()}
          </button>
        ) : null}
        <button type="button" className={button} onClick={() => actor.send({ type: 'linkChanges.dismiss' })}>
          {t.dismiss()}
        </button>
      </div>
      {listOpen ? <ChangedPartsList parts={changes.parts} onSelect={select} /> : null}
    </section>
  );
}
