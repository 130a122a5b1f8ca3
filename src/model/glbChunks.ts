/**
 * The GLB container, read the same way by the viewer, a link's first frame and the server: a
 * 12-byte header ('glTF', version 2, total length), then chunks of (length, type, data), the JSON
 * chunk first and the binary one after it. Only the container: what the JSON says is the reader's.
 */

const GLB_MAGIC = 0x46546c67; // 'glTF'
const JSON_CHUNK = 0x4e4f534a; // 'JSON'
const BIN_CHUNK = 0x004e4942; // 'BIN\0'

/** Bytes of the GLB header and the JSON chunk's header: the JSON text starts here. */
export const GLB_HEADER_BYTES = 20;

/** The bytes are not a GLB this reader takes (not one, another version, no JSON chunk). */
export class GlbFormatError extends Error {}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The JSON chunk's length from the first 20 bytes, or undefined when they are not a GLB's whose
 * first chunk is its JSON (for reading the JSON alone, e.g. a byte range of a stored model).
 */
export function glbJsonLength(header: Uint8Array): number | undefined {
  if (header.length < GLB_HEADER_BYTES) return undefined;
  const view = viewOf(header);
  if (view.getUint32(0, true) !== GLB_MAGIC || view.getUint32(16, true) !== JSON_CHUNK) return undefined;
  return view.getUint32(12, true);
}

export interface GlbChunks<Json = unknown> {
  /** The parsed JSON chunk. */
  json: Json;
  /** The first binary chunk, or null. */
  bin: Uint8Array | null;
}

/** The JSON and binary chunks of a whole GLB; throws GlbFormatError when it is not one (and JSON's SyntaxError on a broken JSON chunk). */
export function readGlbChunks(bytes: Uint8Array): GlbChunks {
  const view = viewOf(bytes);
  if (bytes.byteLength < GLB_HEADER_BYTES || view.getUint32(0, true) !== GLB_MAGIC) throw new GlbFormatError('Not a GLB file');
  if (view.getUint32(4, true) !== 2) throw new GlbFormatError('Unsupported GLB version');
  let offset = 12;
  let json: unknown;
  let found = false;
  let bin: Uint8Array | null = null;
  while (offset + 8 <= bytes.byteLength) {
    const length = view.getUint32(offset, true);
    const type = view.getUint32(offset + 4, true);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === JSON_CHUNK) {
      json = JSON.parse(new TextDecoder().decode(data)) as unknown;
      found = true;
    } else if (type === BIN_CHUNK && !bin) bin = data;
    offset += 8 + length + ((4 - (length % 4)) % 4);
  }
  if (!found) throw new GlbFormatError('GLB without JSON');
  return { json, bin };
}
