/** While an older revision is on screen (read-only): which one, with Make current and Back to current. */
import { useSelector } from '@xstate/react';
import { selectShownRevision } from '../../machines/viewer/viewerSelectors';
import { useLL } from '../app/I18nProvider';
import type { RevisionsActor, ViewerActor } from './viewerActors';

const buttonClass = 'rounded-md border border-border px-2 py-1 text-xs font-semibold text-fg hover:border-primary disabled:opacity-50';

export function RevisionBanner({ viewer, revisions }: { viewer: ViewerActor; revisions: RevisionsActor }) {
  const LL = useLL();
  const shown = useSelector(viewer, selectShownRevision);
  const busy = useSelector(revisions, (s) => !s.matches({ restore: 'idle' }));
  if (!shown) return null;
  return (
    <div
      role="status"
      className="pointer-events-auto absolute top-16 left-1/2 z-20 flex max-w-[calc(100%-1rem)] -translate-x-1/2 flex-wrap items-center justify-center gap-2 rounded-lg border border-primary bg-surface/95 px-3 py-2 text-sm text-fg shadow-lg"
    >
      <span className="font-bold">{LL.revisions.readOnly({ n: shown.revisionNumber })}</span>
      <button type="button" className={buttonClass} disabled={busy} onClick={() => revisions.send({ type: 'revisions.restore', revisionNumber: shown.revisionNumber })}>
        {LL.revisions.makeCurrent()}
      </button>
      <button type="button" className={buttonClass} onClick={() => revisions.send({ type: 'revisions.viewCurrent' })}>
        {LL.revisions.backToCurrent()}
      </button>
    </div>
  );
}
