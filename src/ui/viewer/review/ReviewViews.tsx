/**
 * The review's views around the 3D view, read from the review actor: the markup over the canvas
 * (the draft's while a note is drawn, with its tool; the shown note's while its view is on
 * screen), the pins the canvas draws, and the comments panel's two tabs (the notes as threads,
 * and SPEC's list of every comment).
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { threadStarts, type MarkupShape } from '../../../machines/viewer/review/reviewMachine';
import { useLL } from '../../app/I18nProvider';
import { MarkupLayer } from './MarkupLayer';
import type { PinMark } from './PinLayer';
import { ReviewPanel, type ReviewActor } from './ReviewPanel';

const NO_SHAPES: MarkupShape[] = [];

/** The markup drawn over the view: the draft's (drawn with its tool) or the shown note's. */
export function ReviewMarkup({ actor }: { actor: ReviewActor }) {
  const LL = useLL();
  const drawing = useSelector(actor, (s) => s.matches({ ready: { composing: 'drawing' } }));
  const draft = useSelector(actor, (s) => s.context.draft);
  const shown = useSelector(actor, (s) => (s.context.shownId === null ? NO_SHAPES : (s.context.anchors[s.context.shownId]?.markup ?? NO_SHAPES)));
  if (drawing && draft) {
    return (
      <MarkupLayer
        shapes={draft.markup}
        tool={draft.tool}
        text={draft.markupText}
        label={LL.review.drawSurface()}
        onShape={(shape) => actor.send({ type: 'review.shape', shape })}
      />
    );
  }
  return shown.length > 0 ? <MarkupLayer shapes={shown} /> : null;
}

/** The pinned notes as the canvas draws them, numbered as the panel lists them. */
function pinMarks(notes: ReturnType<ReviewActor['getSnapshot']>['context']['notes']): PinMark[] {
  return threadStarts(notes).flatMap((note, index) => (note.pin ? [{ id: note.id, number: index + 1, point: note.pin.point, status: note.status }] : []));
}

export function useReviewPins(actor: ReviewActor | null) {
  const notes = useSelector(actor ?? undefined, (s) => s?.context.notes);
  const openId = useSelector(actor ?? undefined, (s) => s?.context.openId ?? null);
  if (!actor || !notes) return null;
  return { marks: pinMarks(notes), openId, onPin: (id: number) => actor.send({ type: 'review.open', id }) };
}

/** The comments panel with the review: its notes first, SPEC's list of every comment in the second tab. */
export function ReviewTabs({ actor, comments }: { actor: ReviewActor; comments: ReactNode }) {
  const LL = useLL();
  const tab = 'min-h-11 sm:min-h-0 rounded-lg px-3 py-1.5 text-sm font-bold text-fg-muted outline-none data-[focus]:ring-2 data-[focus]:ring-primary data-[selected]:bg-surface-overlay data-[selected]:text-fg';
  return (
    <TabGroup className="flex min-h-0 flex-col">
      <TabList className="flex gap-1 px-3 pt-3">
        <Tab className={tab}>{LL.review.tabs.notes()}</Tab>
        <Tab className={tab}>{LL.review.tabs.comments()}</Tab>
      </TabList>
      <TabPanels className="min-h-0">
        <TabPanel>
          <ReviewPanel actor={actor} />
        </TabPanel>
        <TabPanel>{comments}</TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
