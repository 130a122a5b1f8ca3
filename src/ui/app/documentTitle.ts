/**
 * The document's title, claimed by the views that have one: the app's name at the root, a
 * project's name in the viewer. The claim of the highest rank wins (effects run child first, so
 * order alone cannot decide), and a screen's claim ends with it.
 */
import { useEffect } from 'react';

interface Claim {
  title: string;
  rank: number;
}
const claims: Claim[] = [];

function apply() {
  const top = claims.reduce<Claim | undefined>((best, claim) => (!best || claim.rank >= best.rank ? claim : best), undefined);
  if (top) document.title = top.title;
}

/** Rank 0: the app's name; rank 1: a screen's own title. `null` claims nothing. */
export function useDocumentTitle(title: string | null, rank: 0 | 1): void {
  useEffect(() => {
    if (title === null) return;
    const claim = { title, rank };
    claims.push(claim);
    apply();
    return () => {
      claims.splice(claims.indexOf(claim), 1);
      apply();
    };
  }, [title, rank]);
}
