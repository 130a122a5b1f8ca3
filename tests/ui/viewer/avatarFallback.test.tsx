// @vitest-environment jsdom
/**
 * Offline (or with the avatar service down) a comment's or hyperlink's avatar is the author's
 * initials, never a broken image; a picture that loads is shown as before, and a new picture is
 * tried again.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from '../../../src/ui/common/Avatar';
import { AuthorLine } from '../../../src/ui/viewer/panels/AuthorLine';

afterEach(cleanup);

const date = new Date(2026, 0, 3, 14, 5);

describe('avatars', () => {
  it('take the first letters of the first and last words of a name', () => {
    expect(initialsOf('Ana Martin')).toBe('AM');
    expect(initialsOf('  jean-luc de la   fontaine ')).toBe('JF');
    expect(initialsOf('Guest')).toBe('G');
    expect(initialsOf('émile zola')).toBe('ÉZ');
    expect(initialsOf('')).toBe('?');
  });

  it("a comment's author shows the picture, and the initials once it fails to load", () => {
    const { container } = render(<AuthorLine name="Ana Martin" avatarUrl="https://avatars.example/ana.png" date={date} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://avatars.example/ana.png');
    expect(screen.queryByTestId('avatar-initials')).toBeNull();
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('avatar-initials').textContent).toBe('AM');
    // The name beside it says who it is: the initials are not read out twice.
    expect(screen.getByTestId('avatar-initials').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('Ana Martin')).toBeTruthy();
  });

  it('keeps its name for screen readers when it stands alone, and tries a new picture again', () => {
    const { container, rerender } = render(<Avatar src="/a.png" name="Ana Martin" alt="Avatar of Ana Martin" size={32} />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByRole('img', { name: 'Avatar of Ana Martin' }).textContent).toBe('AM');
    rerender(<Avatar src="/b.png" name="Ana Martin" alt="Avatar of Ana Martin" size={32} />);
    expect(screen.getByRole('img', { name: 'Avatar of Ana Martin' }).getAttribute('src')).toBe('/b.png');
  });
});
