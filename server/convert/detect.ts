/**
 * Decides what a file is before any work starts: its size, its extension, and whether its
 * bytes really are that format (a renamed program or picture is refused with a clear message).
 */
import { conversionErrors } from './errors.js';
import { decodeXml } from './xmlText.js';

export type ModelFormat = 'step' | 'iges' | 'dae' | 'dxf' | 'zip' | 'vok';

export const FORMAT_BY_EXTENSION: Record<string, ModelFormat> = {
  '.stp': 'step',
  '.step': 'step',
  '.igs': 'iges',
  '.iges': 'iges',
  '.dae': 'dae',
  '.dxf': 'dxf',
  '.zip': 'zip',
  '.vok': 'vok',
};

export const FORMAT_LABEL: Record<ModelFormat, string> = {
  step: 'STEP',
  iges: 'IGES',
  dae: 'COLLADA (.dae)',
  dxf: 'DXF',
  zip: 'ZIP',
  vok: 'VOK',
};

/** Default maximum upload size: 200 MB. */
export const DEFAULT_MAX_FILE_BYTES = 200 * 1024 * 1024;

export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

function startsWith(bytes: Uint8Array, ...prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** Windows PE, ELF, Mach-O (thin and fat), and scripts with a shebang. */
function isExecutable(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, 0x4d, 0x5a) ||
    startsWith(bytes, 0x7f, 0x45, 0x4c, 0x46) ||
    startsWith(bytes, 0xfe, 0xed, 0xfa, 0xce) ||
    startsWith(bytes, 0xfe, 0xed, 0xfa, 0xcf) ||
    startsWith(bytes, 0xce, 0xfa, 0xed, 0xfe) ||
    startsWith(bytes, 0xcf, 0xfa, 0xed, 0xfe) ||
    startsWith(bytes, 0xca, 0xfe, 0xba, 0xbe) ||
    startsWith(bytes, 0x23, 0x21)
  );
}

function head(bytes: Uint8Array, length = 4096): string {
  let text = new TextDecoder('latin1').decode(bytes.subarray(0, length));
  if (text.startsWith('\u00ef\u00bb\u00bf')) text = text.slice(3);
  return text;
}

export function looksLike(format: ModelFormat, bytes: Uint8Array): boolean {
  switch (format) {
    case 'zip':
    case 'vok':
      return startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0x50, 0x4b, 0x05, 0x06);
    case 'step':
      return /^\s*ISO-10303-21\s*;/.test(head(bytes, 256));
    case 'iges': {
      const first = head(bytes, 200).split(/\r?\n/)[0] ?? '';
      return first.length >= 73 && /[SGC]/.test(first[72]);
    }
    case 'dae':
      return /<COLLADA[\s>]/.test(decodeXml(bytes, 8192));
    case 'dxf': {
      const text = head(bytes);
      return /^\s*(0|999)\s*\r?\n/.test(text) && /\n\s*SECTION\s*\r?\n/.test(text);
    }
  }
}

interface DetectOptions {
  maxBytes?: number;
}

/** Throws a ConversionError with a message the user can act on, or returns the format. */
export function detectFormat(fileName: string, bytes: Uint8Array, options: DetectOptions = {}): ModelFormat {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  if (bytes.byteLength === 0) throw conversionErrors.emptyFile(fileName);
  if (bytes.byteLength > maxBytes) throw conversionErrors.tooLarge(bytes.byteLength, maxBytes);
  if (isExecutable(bytes)) throw conversionErrors.executable(fileName);
  const format = FORMAT_BY_EXTENSION[extensionOf(fileName)];
  if (!format) throw conversionErrors.unsupportedExtension(fileName);
  if (!looksLike(format, bytes)) throw conversionErrors.contentMismatch(fileName, FORMAT_LABEL[format]);
  return format;
}
