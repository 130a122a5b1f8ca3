import { describe, expect, it } from 'vitest';
import { canvasEdgesOf, hierarchyOpensByItself, LEFT_PANEL_WIDTH, RIGHT_PANEL_WIDTH, SIDE_TOOLBAR_WIDTH } from '../../src/model/layoutRules';

describe("where the viewer's canvas lies (the link's first frame lays its canvas out by the same rule)", () => {
  it('fills a phone and a portrait tablet, docked panels or not', () => {
    expect(canvasEdgesOf(390, 844, true, true)).toEqual({ left: 0, right: 0 });
    expect(canvasEdgesOf(800, 1100, true, false)).toEqual({ left: 0, right: 0 });
  });

  it('sits between the side toolbars of a wide window, beside a left panel only above 1024 px', () => {
    expect(canvasEdgesOf(1280, 800, false, false)).toEqual({ left: SIDE_TOOLBAR_WIDTH, right: SIDE_TOOLBAR_WIDTH });
    expect(canvasEdgesOf(1280, 800, true, false)).toEqual({ left: SIDE_TOOLBAR_WIDTH + LEFT_PANEL_WIDTH, right: SIDE_TOOLBAR_WIDTH });
    // A landscape tablet's left panel lies over the model instead.
    expect(canvasEdgesOf(1024, 768, true, false)).toEqual({ left: SIDE_TOOLBAR_WIDTH, right: SIDE_TOOLBAR_WIDTH });
    expect(canvasEdgesOf(1024, 768, false, true)).toEqual({ left: SIDE_TOOLBAR_WIDTH, right: SIDE_TOOLBAR_WIDTH + RIGHT_PANEL_WIDTH });
    expect(canvasEdgesOf(900, 700, false, true)).toEqual({ left: SIDE_TOOLBAR_WIDTH, right: SIDE_TOOLBAR_WIDTH });
  });

  it('opens the hierarchy by itself on a large window only, never in another page', () => {
    expect(hierarchyOpensByItself(1280, 800)).toBe(true);
    expect(hierarchyOpensByItself(1280, 800, true)).toBe(false);
    expect(hierarchyOpensByItself(844, 390)).toBe(false);
    expect(hierarchyOpensByItself(390, 844)).toBe(false);
  });
});
