/**
 * Reads a ZIP archive defensively: the central directory is checked before anything is
 * inflated (entry count, total size, compression ratio per entry and overall, paths, symbolic
 * links, encryption, entries sharing bytes), and each entry is inflated into a buffer of its
 * declared size, never more. Entries are inflated only when read: the importer reads the model
 * and the resources the model names (see packageResources.ts), not the rest.
 */
import { inflateSync } from 'fflate';
import { conversionErrors } from './errors.js';

export interface ZipLimits {
  /** Default 1,000 entries. */
  maxEntries: number;
  /** Default 1 GB once inflated, all entries together. */
  maxTotalBytes: number;
  /** Default 200 (to 1), applied to entries above 1 MB and to the whole archive above 1 MB. */
  maxRatio: number;
  /** Default 512 MB once inflated, any one entry. */
  maxEntryBytes?: number;
  /** Default 256 MB: the resources (textures) handed to an importer beside the model, together. */
  maxResourceBytes?: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
  maxEntryBytes: 512 * 1024 * 1024,
  maxResourceBytes: 256 * 1024 * 1024,
};
const RATIO_FLOOR_BYTES = 1024 * 1024;

export interface ZipEntry {
  /** Normalised path with forward slashes. */
  path: string;
  /** Declared size once inflated. */
  size: number;
  read(): Uint8Array;
}

interface CentralEntry {
  path: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function findEndOfDirectory(view: DataView): number {
  for (let i = view.byteLength - 22; i >= Math.max(0, view.byteLength - 65557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) return i;
  }
  return -1;
}

function isUnsafePath(path: string): boolean {
  const normal = path.replace(/\\/g, '/');
  return (
    normal.includes('\0') ||
    normal.startsWith('/') ||
    /^[a-zA-Z]:/.test(normal) ||
    normal.split('/').some((segment) => segment === '..')
  );
}

export function readZip(bytes: Uint8Array, fileName: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  if (end < 0) throw conversionErrors.brokenFile(fileName, 'ZIP');
  const count = view.getUint16(end + 10, true);
  if (count > limits.maxEntries) throw conversionErrors.zipTooManyEntries(limits.maxEntries);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder('utf-8');
  const entries: CentralEntry[] = [];
  let total = 0;
  let compressedTotal = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== 0x02014b50) throw conversionErrors.brokenFile(fileName, 'ZIP');
    const madeBy = view.getUint16(at + 4, true) >> 8;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const external = view.getUint32(at + 38, true);
    const localOffset = view.getUint32(at + 42, true);
    const path = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;

    if (isUnsafePath(path)) throw conversionErrors.zipUnsafePath(path);
    // Unix hosts (3) keep the file type in the high 16 bits of the external attributes.
    if (madeBy === 3 && ((external >>> 16) & 0xf000) === 0xa000) throw conversionErrors.zipSymlink(path);
    if (flags & 1) throw conversionErrors.zipEncrypted();
    if (path.endsWith('/')) continue;
    if (size === 0xffffffff || compressedSize === 0xffffffff) throw conversionErrors.zipTooLarge(limits.maxTotalBytes);
    const maxEntryBytes = limits.maxEntryBytes ?? DEFAULT_ZIP_LIMITS.maxEntryBytes!;
    if (size > maxEntryBytes) throw conversionErrors.zipEntryTooLarge(path, maxEntryBytes);
    total += size;
    compressedTotal += compressedSize;
    if (total > limits.maxTotalBytes) throw conversionErrors.zipTooLarge(limits.maxTotalBytes);
    if (size > RATIO_FLOOR_BYTES && size > compressedSize * limits.maxRatio) throw conversionErrors.zipRatio(path, limits.maxRatio);
    if (method !== 0 && method !== 8) throw conversionErrors.brokenFile(fileName, 'ZIP');
    entries.push({ path: path.replace(/\\/g, '/'), method, compressedSize, size, localOffset });
  }
  refuseSharedBytes(bytes, view, entries, end, fileName);
  // Many small entries each under the floor add up: the archive as a whole has the same ratio limit.
  if (total > RATIO_FLOOR_BYTES && total > compressedTotal * limits.maxRatio) throw conversionErrors.zipRatioOverall(limits.maxRatio);
  return entries.map((entry) => ({ path: entry.path, size: entry.size, read: () => readEntry(bytes, view, entry, fileName) }));
}

/**
 * Every entry must own its bytes: a local header and data that no other entry's range touches,
 * before the central directory. Entries pointing at one shared local entry are how a small
 * archive claims to hold hundreds of large files.
 */
function refuseSharedBytes(bytes: Uint8Array, view: DataView, entries: CentralEntry[], directoryEnd: number, fileName: string): void {
  const ranges = entries.map((entry) => {
    const at = entry.localOffset;
    if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== 0x04034b50) throw conversionErrors.brokenFile(fileName, 'ZIP');
    const end = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true) + entry.compressedSize;
    if (end > directoryEnd) throw conversionErrors.brokenFile(fileName, 'ZIP');
    return { start: at, end };
  });
  ranges.sort((a, b) => a.start - b.start);
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i].start < ranges[i - 1].end) throw conversionErrors.zipOverlapping();
  }
}

function readEntry(bytes: Uint8Array, view: DataView, entry: CentralEntry, fileName: string): Uint8Array {
  const at = entry.localOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== 0x04034b50) throw conversionErrors.brokenFile(fileName, 'ZIP');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data.slice(0, entry.size);
  try {
    // A fixed output buffer: an entry that inflates past its declared size is cut, never grown.
    return inflateSync(data, { out: new Uint8Array(entry.size) });
  } catch {
    throw conversionErrors.brokenFile(fileName, 'ZIP');
  }
}
