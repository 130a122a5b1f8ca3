// @vitest-environment jsdom
/** The list's render window: a page of cards, one more page when the end comes near, the pages kept through a new query. */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARDS_PER_PAGE, useRenderWindow } from '../../src/ui/list/useRenderWindow';

let observed: Array<{ callback: IntersectionObserverCallback; element: Element | null; disconnected: boolean }> = [];
class FakeObserver {
  private entry: (typeof observed)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, element: null, disconnected: false };
    observed.push(this.entry);
  }
  observe(element: Element) {
    this.entry.element = element;
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}
vi.stubGlobal('IntersectionObserver', FakeObserver);
afterEach(() => {
  observed = [];
});

function List({ total }: { total: number; query: string }) {
  const { limit, sentinel, hasMore } = useRenderWindow(total);
  return (
    <>
      <ul>
        {Array.from({ length: limit }, (_, i) => (
          <li key={i}>card {i}</li>
        ))}
      </ul>
      {hasMore ? <div ref={sentinel} data-testid="sentinel" /> : null}
    </>
  );
}

const seeEnd = () => {
  const live = observed.filter((o) => !o.disconnected && o.element);
  expect(live).toHaveLength(1);
  act(() => live[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
};

describe('the list’s render window', () => {
  it('renders a page, grows by a page near the end, stops at the last card', () => {
    const { rerender } = render(<List total={150} query="" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(CARDS_PER_PAGE);
    for (let pages = 2; pages * CARDS_PER_PAGE < 150 + CARDS_PER_PAGE; pages++) {
      seeEnd();
      expect(screen.getAllByRole('listitem')).toHaveLength(Math.min(150, pages * CARDS_PER_PAGE));
    }
    expect(screen.queryByTestId('sentinel')).toBeNull();
    // A new query keeps the pages already shown: its matches up to that many.
    rerender(<List total={120} query="kitchen" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(120);
    // Fewer matches: all of them, and nothing to watch.
    rerender(<List total={12} query="kitchen b" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(screen.queryByTestId('sentinel')).toBeNull();
  });
});
