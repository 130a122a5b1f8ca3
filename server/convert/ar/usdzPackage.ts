/**
 * A USDZ package: a zip archive whose entries are stored (never compressed) and whose data each
 * start on a multiple of 64 bytes from the start of the file, so that a reader maps them in place
 * (Pixar's USDZ specification). The first entry is the scene layer. The padding goes into each
 * local header's extra field, as Pixar's own writer does.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface PackageEntry {
  /** Path inside the package (ASCII). */
  name: string;
  data: Uint8Array;
}

const USDZ_ALIGNMENT = 64;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
/** An extra field's own header (id and length): padding needs at least this much room. */
const EXTRA_HEADER = 4;
/** Id of the padding extra field (unregistered, as the USD library writes it). */
const PADDING_ID = 0x1986;
/** DOS date of 1 January 2000, 00:00: a fixed time, so the same scene gives the same bytes. */
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;

export function writeUsdz(entries: PackageEntry[]): Uint8Array {
  if (entries.length === 0) throw new RangeError('a USDZ package needs its scene layer');
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const crc = crc32(entry.data);
    let pad = (USDZ_ALIGNMENT - ((offset + LOCAL_HEADER + name.length) % USDZ_ALIGNMENT)) % USDZ_ALIGNMENT;
    if (pad > 0 && pad < EXTRA_HEADER) pad += USDZ_ALIGNMENT;
    const local = new Uint8Array(LOCAL_HEADER + name.length + pad);
    const view = new DataView(local.buffer);
    view.setUint32(0, 0x04034b50, true);
    view.setUint16(4, 20, true); // version needed
    view.setUint16(6, 0, true); // flags
    view.setUint16(8, 0, true); // stored
    view.setUint16(10, 0, true); // time
    view.setUint16(12, DOS_DATE, true);
    view.setUint32(14, crc, true);
    view.setUint32(18, entry.data.length, true);
    view.setUint32(22, entry.data.length, true);
    view.setUint16(26, name.length, true);
    view.setUint16(28, pad, true);
    local.set(name, LOCAL_HEADER);
    if (pad > 0) {
      view.setUint16(LOCAL_HEADER + name.length, PADDING_ID, true);
      view.setUint16(LOCAL_HEADER + name.length + 2, pad - EXTRA_HEADER, true);
    }
    const record = new Uint8Array(CENTRAL_HEADER + name.length);
    const cv = new DataView(record.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true); // made by
    cv.setUint16(6, 20, true); // needed
    cv.setUint16(10, 0, true); // stored
    cv.setUint16(14, DOS_DATE, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, entry.data.length, true);
    cv.setUint32(24, entry.data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    record.set(name, CENTRAL_HEADER);
    central.push(record);
    parts.push(local, entry.data);
    offset += local.length + entry.data.length;
  }
  const centralSize = central.reduce((sum, r) => sum + r.length, 0);
  const end = new Uint8Array(END_RECORD);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + centralSize + END_RECORD);
  let at = 0;
  for (const part of [...parts, ...central, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
