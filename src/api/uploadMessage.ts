/**
 * The binary message of the upload sockets (SPEC §7): NUL-terminated UTF-8 text parts, then the
 * file bytes. projects/create: [secureToken, projectName, fileName]; projects/setModel:
 * [secureToken, projectId, 'false', fileName]. Shared by the client (encode) and the server (decode).
 */
export const CREATE_PART_COUNT = 3;
export const SET_MODEL_PART_COUNT = 4;

export function encodeUploadMessage(parts: string[], file: Uint8Array): Uint8Array {
  const encoder = new TextEncoder();
  const encoded = parts.map((p) => {
    if (p.includes('\0')) throw new Error('A text part cannot contain NUL');
    return encoder.encode(p);
  });
  const head = encoded.reduce((n, p) => n + p.length + 1, 0);
  const out = new Uint8Array(head + file.length);
  let at = 0;
  for (const p of encoded) {
    out.set(p, at);
    at += p.length + 1; // the NUL stays 0
  }
  out.set(file, at);
  return out;
}

export interface DecodedUpload {
  parts: string[];
  file: Uint8Array;
}

/** Splits a message into `count` text parts and the file; null when it has fewer parts. */
export function decodeUploadMessage(message: Uint8Array, count: number, maxPartBytes = 4096): DecodedUpload | null {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const end = message.indexOf(0, at);
    if (end < 0 || end - at > maxPartBytes) return null;
    try {
      parts.push(decoder.decode(message.subarray(at, end)));
    } catch {
      return null;
    }
    at = end + 1;
  }
  return { parts, file: message.subarray(at) };
}
