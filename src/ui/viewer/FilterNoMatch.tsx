/**
 * What the viewer says when the step on screen, from the URL's `filter`, names no part of the
 * model: the names it looked for, and a button that ends the filter and shows every part. Shows
 * nothing otherwise.
 */
import { useSelector } from '@xstate/react';
import { emptyStepIndex } from '../../machines/viewer/tools/noticeMachine';
import { useLL } from '../app/I18nProvider';
import { linkButtonClass } from '../common/controlStyles';
import type { NoticeActor } from './StepNavigator';

export function FilterNoMatch({ actor, stepNames }: { actor: NoticeActor; stepNames: readonly (readonly string[])[] }) {
  const LL = useLL();
  const index = useSelector(actor, emptyStepIndex);
  if (index === null) return null;
  return (
    <div role="status" className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-2xl border border-border bg-surface-raised/90 px-4 py-2 text-sm text-fg shadow-lg shadow-black/40">
      <span>{LL.viewer.steps.noMatch({ names: (stepNames[index] ?? []).join(', ') })}</span>
      <button type="button" className={linkButtonClass} onClick={() => actor.send({ type: 'notice.stop' })}>
        {LL.viewer.steps.showAll()}
      </button>
    </div>
  );
}
