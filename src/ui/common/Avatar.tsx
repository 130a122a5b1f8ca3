/**
 * A person's round picture, or their initials when there is none or it cannot be loaded (offline,
 * an avatar service that is down): never a broken image.
 */
import { useState } from 'react';

/** The first letters of a name's first and last words, upper case ("Ana Martin" gives "AM"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = (word: string) => Array.from(word)[0] ?? '';
  const letters = words.length === 1 ? first(words[0]) : first(words[0]) + first(words[words.length - 1]);
  return letters.toLocaleUpperCase();
}

interface AvatarProps {
  src: string;
  name: string;
  /** The size in CSS pixels (the picture's width and height). */
  size: number;
  /** What the picture says; empty when the name is written beside it. */
  alt?: string;
  className?: string;
}

export function Avatar({ src, name, size, alt = '', className = '' }: AvatarProps) {
  // The source that failed: a new source is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const shape = `shrink-0 rounded-full border border-border ${className}`;
  if (!src || failed === src) {
    return (
      <span
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-testid="avatar-initials"
        style={{ width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)) }}
        className={`flex items-center justify-center bg-surface-overlay font-bold text-fg-muted select-none ${shape}`}
      >
        {initialsOf(name)}
      </span>
    );
  }
  return <img src={src} alt={alt} width={size} height={size} style={{ width: size, height: size }} className={`object-cover ${shape}`} onError={() => setFailed(src)} />;
}
