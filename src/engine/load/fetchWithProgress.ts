/** Downloads a file as bytes, reporting received and total bytes; abortable. */

export interface ByteProgress {
  loaded: number;
  /** The decoded size (X-Decoded-Length of a compressed answer, else Content-Length), or 0 when unknown. */
  total: number;
}

export function abortError(): DOMException {
  return new DOMException('The load was aborted.', 'AbortError');
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}

export async function fetchWithProgress(
  url: string,
  onProgress: (progress: ByteProgress) => void,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<Uint8Array> {
  throwIfAborted(signal);
  const response = await fetchImpl(url, { signal });
  if (!response.ok) throw Object.assign(new Error(`GET ${url} failed: ${response.status} ${response.statusText}`), { status: response.status });
  // A compressed answer's Content-Length counts the bytes on the wire, while the stream yields
  // decoded bytes: the server then names the decoded size, and without it the total is unknown.
  const encoded = !!response.headers.get('content-encoding');
  const total = Number(response.headers.get('x-decoded-length') ?? (encoded ? 0 : response.headers.get('content-length')) ?? 0) || 0;
  onProgress({ loaded: 0, total });
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress({ loaded: bytes.byteLength, total: total || bytes.byteLength });
    return bytes;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ loaded, total });
  }
  throwIfAborted(signal);
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
