/** `If-None-Match` against an entity tag (RFC 9110 §13.1.2): `*`, a list, weak tags compared weakly. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
