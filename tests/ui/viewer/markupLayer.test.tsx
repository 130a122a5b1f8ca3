// @vitest-environment jsdom
/**
 * The markup layer, drawn with the mouse and with a finger (pointer events as the browser sends
 * them): each tool hands over the shape in fractions of the layer, a tap is no shape, a text needs
 * its words, and without a tool the layer draws what it is given and lets the model have the pointer.
 */
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MarkupShape } from '../../../src/machines/viewer/review/reviewMachine';
import { cloudPath, MarkupLayer } from '../../../src/ui/viewer/review/MarkupLayer';

/** The layer as 400 x 200 CSS pixels at (100, 50). */
function layout(element: HTMLElement) {
  element.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 200, right: 500, bottom: 250, x: 100, y: 50, toJSON: () => ({}) });
}

function drag(element: HTMLElement, points: [number, number][], pointerType: 'mouse' | 'touch') {
  const [first, ...rest] = points;
  fireEvent.pointerDown(element, { clientX: first[0], clientY: first[1], pointerId: 1, pointerType });
  for (const [x, y] of rest) fireEvent.pointerMove(element, { clientX: x, clientY: y, pointerId: 1, pointerType });
  fireEvent.pointerUp(element, { clientX: points.at(-1)![0], clientY: points.at(-1)![1], pointerId: 1, pointerType });
}

function drawWith(tool: MarkupShape['kind'], points: [number, number][], pointerType: 'mouse' | 'touch', text = '') {
  const shapes: MarkupShape[] = [];
  const view = render(<MarkupLayer shapes={[]} tool={tool} color="#3b82f6" text={text} onShape={(s) => shapes.push(s)} label="Draw" />);
  const layer = view.getByTestId('markup-layer');
  layout(layer);
  drag(layer, points, pointerType);
  view.unmount();
  return shapes;
}

describe('the markup layer', () => {
  it('hands over an arrow, a rectangle and a cloud in fractions of the layer, with the mouse', () => {
    for (const kind of ['arrow', 'rectangle', 'cloud'] as const) {
      expect(drawWith(kind, [[140, 70], [300, 120], [340, 170]], 'mouse')).toEqual([{ kind, from: [0.1, 0.1], to: [0.6, 0.6], color: '#3b82f6' }]);
    }
  });

  it('hands over a freehand line with every point of the finger', () => {
    const [line] = drawWith('line', [[100, 50], [200, 100], [300, 150], [500, 250]], 'touch');
    expect(line).toEqual({ kind: 'line', points: [[0, 0], [0.25, 0.25], [0.5, 0.5], [1, 1]], color: '#3b82f6' });
  });

  it('takes a tap for nothing, except with the text tool, which needs words', () => {
    expect(drawWith('arrow', [[200, 100], [201, 100]], 'touch')).toEqual([]);
    expect(drawWith('text', [[300, 150]], 'touch')).toEqual([]);
    expect(drawWith('text', [[300, 150]], 'touch', '  Hinge left  ')).toEqual([{ kind: 'text', at: [0.5, 0.5], text: 'Hinge left', color: '#3b82f6' }]);
  });

  it('never selects the page\'s text while drawing: a selection made is cleared, selection is off until the pointer lifts', () => {
    const names = document.createElement('p');
    names.textContent = 'Base cabinet 1 Door left';
    document.body.append(names);
    const range = document.createRange();
    range.selectNodeContents(names);
    window.getSelection()!.addRange(range);
    const shapes: MarkupShape[] = [];
    const view = render(<MarkupLayer shapes={[]} tool="arrow" onShape={(s) => shapes.push(s)} label="Draw" />);
    const layer = view.getByTestId('markup-layer');
    layout(layer);
    fireEvent.pointerDown(layer, { clientX: 140, clientY: 70, pointerId: 1, pointerType: 'mouse' });
    // The mouse's press that follows the pointer's starts no selection.
    expect(fireEvent.mouseDown(layer, { clientX: 140, clientY: 70 })).toBe(false);
    expect(window.getSelection()!.toString()).toBe('');
    expect(document.body.style.userSelect).toBe('none');
    fireEvent.pointerMove(layer, { clientX: 300, clientY: 120, pointerId: 1, pointerType: 'mouse' });
    fireEvent.pointerUp(layer, { clientX: 300, clientY: 120, pointerId: 1, pointerType: 'mouse' });
    expect(shapes).toEqual([{ kind: 'arrow', from: [0.1, 0.1], to: [0.5, 0.35], color: '#f97316' }]);
    expect(document.body.style.userSelect).toBe('');
    view.unmount();
    names.remove();
  });

  it('draws the shapes it is given, and lets the pointer through without a tool', () => {
    const shapes: MarkupShape[] = [
      { kind: 'arrow', from: [0.1, 0.1], to: [0.5, 0.5], color: '#ef4444' },
      { kind: 'cloud', from: [0.2, 0.2], to: [0.4, 0.3], color: '#22c55e' },
      { kind: 'line', points: [[0, 0], [0.2, 0.1]], color: '#ffffff' },
      { kind: 'text', at: [0.7, 0.2], text: 'Too deep', color: '#facc15' },
    ];
    const got: MarkupShape[] = [];
    const view = render(<MarkupLayer shapes={shapes} onShape={(s) => got.push(s)} />);
    const layer = view.getByTestId('markup-layer');
    expect(layer.className).toContain('pointer-events-none');
    expect([...layer.querySelectorAll('[data-shape]')].map((e) => e.getAttribute('data-shape'))).toEqual(['arrow', 'cloud', 'line', 'text']);
    expect(view.getByText('Too deep').style.left).toBe('70%');
    layout(layer);
    drag(layer, [[100, 50], [300, 150]], 'mouse');
    expect(got).toEqual([]);
  });

  it('draws a cloud as bumps all around its rectangle', () => {
    const d = cloudPath([0.1, 0.1], [0.5, 0.3]);
    expect(d.startsWith('M 0.1 0.1')).toBe(true);
    const bumps = d.match(/ A /g)?.length ?? 0;
    // 0.4 + 0.2 + 0.4 + 0.2 of outline at about one bump per 0.04.
    expect(bumps).toBeGreaterThanOrEqual(26);
    expect(d.trim().endsWith('0.1 0.1')).toBe(true);
  });
});
