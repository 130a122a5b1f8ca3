/**
 * XML files (COLLADA) come in UTF-8, UTF-8 with a byte order mark, or UTF-16 (little or big
 * endian, with or without a mark). Everything downstream reads one form: a JavaScript string, and
 * for assimp UTF-8 bytes without a mark whose declaration says so.
 */
type XmlEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

function xmlEncodingOf(bytes: Uint8Array): { encoding: XmlEncoding; skip: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  // No mark: '<' as a 16-bit unit gives a zero byte beside it.
  if (bytes[0] === 0x3c && bytes[1] === 0x00) return { encoding: 'utf-16le', skip: 0 };
  if (bytes[0] === 0x00 && bytes[1] === 0x3c) return { encoding: 'utf-16be', skip: 0 };
  return { encoding: 'utf-8', skip: 0 };
}

/** The document as text; `maxBytes` reads only its beginning (content sniffing). */
export function decodeXml(bytes: Uint8Array, maxBytes = bytes.byteLength): string {
  const { encoding, skip } = xmlEncodingOf(bytes);
  let end = Math.min(bytes.byteLength, skip + maxBytes);
  if (encoding !== 'utf-8' && (end - skip) % 2 === 1) end--;
  return new TextDecoder(encoding).decode(bytes.subarray(skip, end));
}

/** Leaf elements holding numbers, whose padding this assimp build cannot read (`<color>  0.5 ...`). */
const NUMERIC_ELEMENTS = /<(color|float)(\s[^>]*)?>\s*([^<]*?)\s*<\/\1>/g;

/** UTF-8 bytes of the (decoded) document for assimp: a UTF-8 declaration, numbers unpadded. */
export function colladaForAssimp(text: string): Uint8Array {
  const fixed = text
    .replace(/^(<\?xml[^>]*?encoding\s*=\s*)(["'])[^"']*\2/, '$1$2UTF-8$2')
    .replace(NUMERIC_ELEMENTS, (_, tag: string, attributes: string | undefined, content: string) => `<${tag}${attributes ?? ''}>${content}</${tag}>`);
  return new TextEncoder().encode(fixed);
}
