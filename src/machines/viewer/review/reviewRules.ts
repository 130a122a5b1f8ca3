/**
 * The review's rules that need no machine (reviewMachine.ts): which view of a note a viewer may
 * show, what may be sent, how a list's notes hang together, and how much a markup may hold.
 */
import { COMMENT_MAX_LENGTH, MARKUP_MAX_SHAPES, MARKUP_MAX_TOTAL_POINTS, markupPoints, type MarkupShape, type NoteAnchor, type NoteView, type ReviewedComment } from '../../../api/schemas';
import { RENDER_MODES, type RenderMode } from '../viewerTypes';

/** The open note's view, once read. */
export const openView = (context: { openId: number | null; anchors: Record<number, NoteAnchor> }): NoteView | null =>
  context.openId === null ? null : (context.anchors[context.openId]?.view ?? null);

/** A note's view as this viewer may show it: a render mode or a cut the viewer does not offer is left out. */
export function viewForViewer(view: NoteView, input: { renderModes?: readonly RenderMode[]; clipping?: boolean }): NoteView {
  const modes: readonly RenderMode[] = input.renderModes ?? RENDER_MODES;
  return {
    ...view,
    renderMode: modes.includes(view.renderMode) ? view.renderMode : 'solid',
    clipping: input.clipping === false ? null : view.clipping,
    // The section box comes with the clipping option, as in the viewer.
    ...(input.clipping === false && view.sectionBox ? { sectionBox: null } : {}),
  };
}

/** A note's text may be sent: not blank, not too long. */
export const sendableText = (text: string): boolean => text.trim() !== '' && text.trim().length <= COMMENT_MAX_LENGTH;
/** The notes a list shows at its top level, and the replies of one. */
export const threadStarts = (notes: readonly ReviewedComment[]) => notes.filter((n) => n.parentId === null);
export const repliesOf = (notes: readonly ReviewedComment[], id: number) => notes.filter((n) => n.parentId === id);
export const openCount = (notes: readonly ReviewedComment[]) => threadStarts(notes).filter((n) => n.status === 'open').length;

/** A markup has room for one more shape: at most MARKUP_MAX_SHAPES, MARKUP_MAX_TOTAL_POINTS points in all. */
export function roomFor(markup: readonly MarkupShape[], shape: MarkupShape): boolean {
  if (markup.length >= MARKUP_MAX_SHAPES) return false;
  return markup.reduce((sum, m) => sum + markupPoints(m), markupPoints(shape)) <= MARKUP_MAX_TOTAL_POINTS;
}
