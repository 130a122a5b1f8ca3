/**
 * A part's drawn colour stays visible on the viewer's dark background (#18181b): a colour darker
 * than a mid-dark grey is lifted towards grey until it reaches that lightness, so that a black
 * part (a real export's hardware, a 10 mm cube) reads as a dark grey solid rather than a hole in
 * the picture. Colours are linear RGB, 0..1. Shared by the viewer and the poster renderer.
 */

/** The least relative luminance a part is drawn with (linear; about sRGB #595959). */
export const MIN_PART_LUMINANCE = 0.1;

/** The grey a too-dark colour is mixed with (linear; about sRGB #898989). */
const LIFT_GREY = 0.25;

export function luminance(rgb: readonly number[]): number {
  return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
}

/** `rgb`, or the mix of it and a grey that has the least luminance, keeping some of its hue. */
export function visiblePartColour(rgb: readonly [number, number, number]): [number, number, number] {
  const l = luminance(rgb);
  if (!(l < MIN_PART_LUMINANCE)) return [rgb[0], rgb[1], rgb[2]];
  const t = (MIN_PART_LUMINANCE - l) / (LIFT_GREY - l);
  return [rgb[0] + (LIFT_GREY - rgb[0]) * t, rgb[1] + (LIFT_GREY - rgb[1]) * t, rgb[2] + (LIFT_GREY - rgb[2]) * t];
}
