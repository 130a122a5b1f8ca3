/**
 * A load (a chunk's dynamic import, mostly) made once and shared by every caller; a load that
 * failed (a dropped network) is forgotten, so the next caller tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
