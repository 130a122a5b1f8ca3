/**
 * Archives that claim more than they hold: central-directory entries sharing one local entry,
 * many small entries that add up, entries the model never names, and the budgets of what is
 * inflated and handed to an importer.
 */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { generateAssembly } from '../../samples/generate.js';
import { assemblyToDae } from '../../samples/writers/dae.js';
import { convertFile } from '../../server/convert/convertFile.js';
import { DEFAULT_ZIP_LIMITS, readZip } from '../../server/convert/zipArchive.js';
import { readGlb } from './glbTree.js';
import { texturedDae, TINY_PNG, WOOD_TEXTURE_PATH } from './texturedDae.js';

const encode = (text: string) => new TextEncoder().encode(text);
const dae = encode(assemblyToDae(generateAssembly({ parts: 4 })));
const MiB = 1024 * 1024;

/**
 * `base` with more central-directory records: each alias is a copy of the record of `target`
 * under another name, so it points at the same local entry.
 */
function withAliases(base: Uint8Array, target: string, aliases: string[]): Uint8Array {
  const view = new DataView(base.buffer, base.byteOffset, base.byteLength);
  const eocd = base.byteLength - 22;
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  let at = cdOffset;
  let record: Uint8Array | undefined;
  for (let i = 0; i < count; i++) {
    const nameLength = view.getUint16(at + 28, true);
    const size = 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (new TextDecoder().decode(base.subarray(at + 46, at + 46 + nameLength)) === target) record = base.subarray(at, at + 46);
    at += size;
  }
  if (!record) throw new Error(`no ${target}`);
  const extra = aliases.map((name) => {
    const bytes = encode(name);
    const copy = new Uint8Array(46 + bytes.length);
    copy.set(record!);
    const v = new DataView(copy.buffer);
    v.setUint16(28, bytes.length, true);
    v.setUint16(30, 0, true);
    v.setUint16(32, 0, true);
    copy.set(bytes, 46);
    return copy;
  });
  const extraSize = extra.reduce((sum, e) => sum + e.length, 0);
  const out = new Uint8Array(base.byteLength + extraSize);
  out.set(base.subarray(0, cdOffset + cdSize));
  let write = cdOffset + cdSize;
  for (const e of extra) {
    out.set(e, write);
    write += e.length;
  }
  out.set(base.subarray(eocd), write);
  const end = new DataView(out.buffer, write);
  end.setUint16(8, count + aliases.length, true);
  end.setUint16(10, count + aliases.length, true);
  end.setUint32(12, cdSize + extraSize, true);
  return out;
}

describe('entries sharing one local entry', () => {
  it('refuses 999 directory entries pointing at one megabyte of zeros, before inflating anything', async () => {
    const base = zipSync({ 'model.dae': dae, 'zeros.bin': new Uint8Array(MiB) }, { level: 9 });
    const attack = withAliases(base, 'zeros.bin', Array.from({ length: 998 }, (_, i) => `textures/t${i}.png`));
    expect(attack.byteLength).toBeLessThan(80_000);
    expect(() => readZip(attack, 'attack.zip')).toThrow(
      expect.objectContaining({
        code: 'zip_overlapping_entries',
        message: 'The archive has entries that share the same data, which is not allowed. Pack the files again with an ordinary zip tool.',
      }),
    );
    await expect(convertFile({ fileName: 'attack.zip', bytes: attack })).rejects.toMatchObject({ code: 'zip_overlapping_entries' });
  });

  it('refuses two names for the same stored bytes', () => {
    const base = zipSync({ 'model.dae': [dae, { level: 0 }], [WOOD_TEXTURE_PATH]: [TINY_PNG, { level: 0 }] });
    const twice = withAliases(base, WOOD_TEXTURE_PATH, ['textures/copy.png']);
    expect(() => readZip(twice, 'twice.zip')).toThrow(expect.objectContaining({ code: 'zip_overlapping_entries' }));
  });
});

describe('what is inflated', () => {
  it('many small entries that each pass the ratio check add up to a refused archive', () => {
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`pad/${i}.bin`, new Uint8Array(MiB - 1)]));
    const zip = zipSync({ 'model.dae': dae, ...files }, { level: 9 });
    expect(() => readZip(zip, 'pads.zip')).toThrow(
      expect.objectContaining({
        code: 'zip_ratio',
        message: 'The archive is compressed more than 200 to 1 overall and was refused as unsafe. Pack the model again with ordinary compression.',
      }),
    );
  });

  it('one entry past the per-entry limit is refused', () => {
    const zip = zipSync({ 'model.dae': dae, 'big.bin': crypto.getRandomValues(new Uint8Array(60_000)) });
    expect(() => readZip(zip, 'big.zip', { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: 50_000 })).toThrow(
      'The archive entry "big.bin" is too large once unpacked (the maximum is 0 MB). Keep only the model and its textures.',
    );
  });

  it('hands the importer only the pictures the model names: other entries are never inflated', async () => {
    // A damaged entry that nothing names: reading it would fail the conversion.
    const base = zipSync({ 'model.dae': texturedDae(), [WOOD_TEXTURE_PATH]: TINY_PNG, 'notes/extra.bin': crypto.getRandomValues(new Uint8Array(4000)) });
    const damaged = corruptEntry(base, 'notes/extra.bin');
    const { glb } = await convertFile({ fileName: 'kitchen.zip', bytes: damaged });
    const textures = (await readGlb(glb)).getRoot().listTextures();
    expect(textures.map((t) => t.getMimeType())).toEqual(['image/png']);
  });

  it('refuses pictures the model names when together they are over the resource budget', async () => {
    const zip = zipSync({ 'model.dae': texturedDae(), [WOOD_TEXTURE_PATH]: [crypto.getRandomValues(new Uint8Array(40_000)), { level: 0 }] });
    await expect(
      convertFile({ fileName: 'kitchen.zip', bytes: zip, zipLimits: { ...DEFAULT_ZIP_LIMITS, maxResourceBytes: 30_000 } }),
    ).rejects.toMatchObject({
      code: 'zip_too_large',
      message: 'The textures the model uses are too large together (the maximum is 0 MB). Use smaller pictures.',
    });
  });
});

/** The archive with the data of `name` overwritten by bytes no inflater accepts. */
function corruptEntry(zip: Uint8Array, name: string): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let at = 0; at + 30 < out.byteLength; at++) {
    if (view.getUint32(at, true) !== 0x04034b50) continue;
    const nameLength = view.getUint16(at + 26, true);
    if (new TextDecoder().decode(out.subarray(at + 30, at + 30 + nameLength)) !== name) continue;
    const start = at + 30 + nameLength + view.getUint16(at + 28, true);
    out.fill(0xff, start, start + view.getUint32(at + 18, true));
    return out;
  }
  throw new Error(`no ${name}`);
}
