import type { CSSProperties } from 'react';

/** A choice's swatch: its colour, and its texture over it once the picture arrives. */
export function swatchStyle(choice: { colour: string; texture?: string }, textureUrls: Readonly<Record<string, string>>): CSSProperties {
  const url = choice.texture ? textureUrls[choice.texture] : undefined;
  return { backgroundColor: choice.colour, ...(url ? { backgroundImage: `url("${url}")`, backgroundSize: 'cover' } : {}) };
}
