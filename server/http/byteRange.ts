/** The single byte range of a Range header (RFC 9110 §14): enough for resumable model downloads. */
type RangeResult = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * `undefined`: no usable Range (serve the whole file); 'unsatisfiable': answer 416;
 * otherwise inclusive bounds within the file. Several ranges are served as the whole file.
 */
export function parseByteRange(header: string | undefined, size: number): RangeResult {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
