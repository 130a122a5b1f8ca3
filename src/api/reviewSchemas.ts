/**
 * The client's review on the wire (part of schemas.ts): a comment may be pinned to a part or a
 * point of the model with the view it was written in and a markup drawn over that view; replies
 * hang under a comment; the owner resolves a comment and can reopen it; the client approves a
 * revision or asks for changes, and each decision is kept. A comment without any of it is SPEC's
 * plain comment: old clients post and read those as before (every new field has a default).
 */
import * as z from 'zod/mini';
import { isSafeName } from '../model/text/safeText';
import { AXES, CAMERA_VIEWS, RENDER_MODES, WORKSHOP_MEASURE_KINDS } from '../model/viewerVocabulary';
import { secondsDateSchema } from './wireValues';
import { approvedQuoteSchema } from './quoteSchemas';

const finite = z.number().check(z.refine(Number.isFinite, 'must be a finite number'));
const vec3Schema = z.tuple([finite, finite, finite]);
/** A point of the note's picture, as fractions of its width and height (a little outside is allowed, for arrows that start off the edge). */
const fraction = z.number().check(z.gte(-0.5), z.lte(1.5));
const vec2Schema = z.tuple([fraction, fraction]);

/** Most parts a view names as hidden or isolated (a whole job's parts). */
export const NOTE_VIEW_MAX_PARTS = 20_000;
const partIdSchema = z.string().check(z.regex(/^\d{1,9}$/));

/** Most workshop measures a view keeps. */
export const NOTE_VIEW_MAX_MEASURES = 50;

function noteSectionBoxSchema() {
  return z.object({
    min: vec3Schema,
    max: vec3Schema,
    /** The parts it was put around, or null for the whole model. */
    around: z.nullable(z.array(partIdSchema).check(z.maxLength(NOTE_VIEW_MAX_PARTS))),
  });
}

/** A kept workshop measure as its view draws it: the result (metres, degrees) and its dimension lines. */
function noteMeasureSchema() {
  return z.object({
    kind: z.enum(WORKSHOP_MEASURE_KINDS),
    value: z.nullable(finite),
    size: z.nullable(vec3Schema),
    partIds: z.nullable(z.array(partIdSchema).check(z.maxLength(NOTE_VIEW_MAX_PARTS))),
    lines: z
      .array(z.object({ from: vec3Schema, to: vec3Schema, value: finite, kind: z.enum(['length', 'angle']), axis: z.optional(z.enum(AXES)) }))
      .check(z.maxLength(6)),
  });
}

/** The viewer's state when the note was written: opening the note brings it back. */
export const noteViewSchema = z.object({
  camera: z.object({
    view: z.enum(CAMERA_VIEWS),
    /** World metres. */
    position: vec3Schema,
    target: vec3Schema,
    orthoHalfHeight: z.nullable(z.number().check(z.positive())),
  }),
  renderMode: z.enum(RENDER_MODES),
  /** The clipping plane, off when null; `position` in millimetres from the model's minimum along `axis`. */
  clipping: z.nullable(
    z.object({
      axis: z.enum(AXES),
      inverted: z.boolean(),
      position: z.number().check(z.nonnegative()),
      /** A world point of the plane (metres), for readers that do not have the model's bounds (BCF). */
      origin: z.optional(vec3Schema),
    }),
  ),
  /** The exploded view's factor, 0 (assembled) to 1. */
  explode: z.number().check(z.gte(0), z.lte(1)),
  hidden: z.array(partIdSchema).check(z.maxLength(NOTE_VIEW_MAX_PARTS)),
  /** The isolated parts, or null when nothing is isolated. */
  isolated: z.nullable(z.array(partIdSchema).check(z.maxLength(NOTE_VIEW_MAX_PARTS))),
  /** A measurement between two world points (metres), or null. */
  measurement: z.nullable(z.object({ a: vec3Schema, b: vec3Schema })),
  /** The section box (world metres) when it was on: notes written before it have none. */
  sectionBox: z.optional(z.nullable(noteSectionBoxSchema())),
  /** The workshop measures kept on screen (gaps, angles, overall sizes), oldest first. */
  keptMeasures: z.optional(z.array(noteMeasureSchema()).check(z.maxLength(NOTE_VIEW_MAX_MEASURES))),
});
export type NoteView = z.infer<typeof noteViewSchema>;

/** Where the note's pin stands: a point of the model (world metres), on a part when one was hit. */
export const notePinSchema = z.object({
  point: vec3Schema,
  partId: z.nullable(partIdSchema),
  /** The part's name then, so the pin still says which part on another revision. */
  partName: z.nullable(z.string().check(z.maxLength(300))),
});
export type NotePin = z.infer<typeof notePinSchema>;

const MARKUP_COLORS = ['#f97316', '#ef4444', '#22c55e', '#3b82f6', '#facc15', '#ffffff'] as const;
export const MARKUP_MAX_SHAPES = 100;
const MARKUP_MAX_POINTS = 1000;
/**
 * Most points a note's markup holds over all its shapes (a line counts its points, an arrow, a
 * rectangle or a cloud two, a text one): a few strokes drawn by hand, not a picture traced point by point.
 */
export const MARKUP_MAX_TOTAL_POINTS = 2000;
/** The points a shape holds, as MARKUP_MAX_TOTAL_POINTS counts them. */
export function markupPoints(shape: { kind: string; points?: readonly unknown[] }): number {
  return shape.kind === 'line' ? (shape.points?.length ?? 0) : shape.kind === 'text' ? 1 : 2;
}
/** Most bytes a note's pin, view and markup take together, written as JSON. */
export const NOTE_ANCHOR_MAX_BYTES = 256 * 1024;
/** Most bytes the guests' pins, views and markups of one project take together (the owner's are not counted). */
export const GUEST_ANCHORS_MAX_BYTES = 4 * 1024 * 1024;
const color = z.enum(MARKUP_COLORS);
export const markupShapeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['arrow', 'rectangle', 'cloud']), from: vec2Schema, to: vec2Schema, color }),
  z.object({ kind: z.literal('line'), points: z.array(vec2Schema).check(z.minLength(2), z.maxLength(MARKUP_MAX_POINTS)), color }),
  // A label is one line: the name rule of safeText.ts (no control, direction or zero-width character).
  z.object({ kind: z.literal('text'), at: vec2Schema, text: z.string().check(z.trim(), z.minLength(1), z.maxLength(200), z.refine<string>(isSafeName, 'A label must not contain control characters, text-direction marks, line separators or zero-width characters.')), color }),
]);
export type MarkupShape = z.infer<typeof markupShapeSchema>;
export const markupSchema = z
  .array(markupShapeSchema)
  .check(
    z.maxLength(MARKUP_MAX_SHAPES),
    z.refine((shapes) => shapes.reduce((sum, shape) => sum + markupPoints(shape), 0) <= MARKUP_MAX_TOTAL_POINTS, `A markup holds at most ${MARKUP_MAX_TOTAL_POINTS} points.`),
  );

/** What a comment may carry beside SPEC's author name and text (all optional). */
export const commentReviewInputSchema = z.object({
  /** A reply to this comment (a reply carries no pin, view or markup of its own). */
  parentId: z.optional(z.int().check(z.positive())),
  /** The revision the author was looking at. */
  revisionNumber: z.optional(z.int().check(z.positive())),
  pin: z.optional(notePinSchema),
  view: z.optional(noteViewSchema),
  markup: z.optional(markupSchema),
});
export type CommentReviewInput = z.infer<typeof commentReviewInputSchema>;

export const NOTE_STATUSES = ['open', 'resolved'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

/** The review fields of a comment as the lists answer them (defaults for servers that do not send them). */
export const commentReviewFields = {
  parentId: z._default(z.nullable(z.int()), null),
  status: z._default(z.enum(NOTE_STATUSES), 'open'),
  revisionNumber: z._default(z.nullable(z.int()), null),
  pin: z._default(z.nullable(notePinSchema), null),
  /**
   * The note has a view or a markup: lists leave both out (a list's size stays that of its texts),
   * and the viewer reads them when it opens the note (`GET .../comments/{id}/view`).
   */
  hasView: z._default(z.boolean(), false),
  resolvedAt: z._default(z.nullable(secondsDateSchema), null),
};

/** `GET .../comments/{id}/view`: what the list leaves out of a note. */
export const noteAnchorSchema = z.object({ view: z.nullable(noteViewSchema), markup: markupSchema });
export type NoteAnchor = z.infer<typeof noteAnchorSchema>;

/** `PATCH .../comments/{id}` (the owner): resolve or reopen. */
export const notePatchSchema = z.strictObject({ status: z.enum(NOTE_STATUSES) });

export const DECISION_KINDS = ['approved', 'changesRequested'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];
export const decisionSchema = z.object({
  kind: z.enum(DECISION_KINDS),
  name: z.string(),
  revisionNumber: z.int(),
  date: secondsDateSchema,
  /** The options chosen and the total, for an approval given on options. */
  quote: z._default(z.nullable(approvedQuoteSchema), null),
});
export const decisionListSchema = z.array(decisionSchema);

/** `POST projects/accessKeys/{key}/changes`: the client asks for changes to the revision they saw. */
export const changeRequestSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  revisionNumber: z.int().check(z.positive()),
});
export const NO_NOTE_FOR_CHANGES = 'no_note_for_changes';
