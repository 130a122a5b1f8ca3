/**
 * The parts list CSV of a generated kitchen, checked against the generator's own data: the
 * expected rows come from the assembly's boxes (sizes in millimetres, as the generator placed
 * them) grouped by hand, not from the parts-list module. Every cabinet, every part, every quantity,
 * in millimetres and in inches; and the link's option gating the link route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import type { AssemblyNode } from '../../samples/assembly';
import { generateAssembly } from '../../samples/generate';
import { assemblyToGlb } from '../../samples/toGlb';
import { addProject, addUser, inject, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';
import { namesGlb } from './helpers/namesGlb';
import { cellsAs } from '../helpers/csvCells';

const MM_PER_INCH = 25.4;
const assembly = generateAssembly({ parts: 400, seed: 11 });

let server: TestServer;
let owner: TestUser;
let glb: Buffer;

beforeAll(async () => {
  server = await startTestServer({ env: { SHARE_RATE_LIMIT: '0' } });
  owner = await addUser(server, 'Olivia Owner');
  glb = Buffer.from(await assemblyToGlb(assembly));
});
afterAll(() => server.close());

/** One row of the CSV, numbers as numbers (null when empty). */
interface Row {
  cabinet: string;
  part: string;
  quantity: number;
  values: (number | null)[];
  unit: string;
  info: string;
}

/** RFC 4180 fields of one line (quotes doubled inside quoted fields). */
function fields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') (value += '"'), (i += 2);
        else if (line[i] === '"') break;
        else value += line[i++];
      }
      out.push(value);
      i += 2;
    } else {
      const end = line.indexOf(',', i);
      out.push(line.slice(i, end < 0 ? line.length : end));
      i = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return out;
}

function parseCsv(text: string): { header: string[]; rows: Row[] } {
  const lines = text.split('\r\n');
  expect(lines.pop()).toBe('');
  const [header, ...rest] = lines.map(fields);
  const num = (s: string) => (s === '' ? null : Number(s));
  return {
    header,
    rows: rest.map((f) => ({ cabinet: f[0], part: f[1], quantity: Number(f[2]), values: [num(f[3]), num(f[4]), num(f[5])], unit: f[6], info: f[7] })),
  };
}

// ---- The expected rows, from the generator's data -------------------------------------------

const displayOf = (name: string) => name.slice(0, name.indexOf('+'));
const infoOf = (name: string) => name.slice(name.indexOf('|') + 1);
/** Whether the name's dimensions were written in inches (the generator writes `...in|info`). */
const writtenInInches = (name: string) => /in\|/.test(name);

/** A size in millimetres as the generator wrote it: inches to 1/16, millimetres to 0.1. */
function written(mm: number, inches: boolean): { value: number; unit: 'mm' | 'in' } {
  return inches ? { value: Math.round((mm / MM_PER_INCH) * 16) / 16, unit: 'in' } : { value: Math.round(mm * 10) / 10, unit: 'mm' };
}

interface Expected {
  cabinet: string;
  part: string;
  quantity: number;
  /** Written values and their unit, in the CSV's column order. */
  values: { value: number; unit: 'mm' | 'in' }[];
  info: string;
}

function leaves(node: AssemblyNode): AssemblyNode[] {
  return node.box ? [node] : node.children.flatMap(leaves);
}

function expectedRows(): Expected[] {
  const rows: Expected[] = [];
  for (const cabinet of assembly.root.children) {
    const inches = writtenInInches(cabinet.name);
    // The carcass's own panels bound the cabinet: height (Y), depth (Z), width (X).
    const carcass = cabinet.children.filter((c) => c.box && ['Left side', 'Right side', 'Top', 'Bottom', 'Back'].includes(displayOf(c.name)));
    const extent = (axis: number) =>
      Math.max(...carcass.map((c) => c.box!.origin[axis] + c.box!.size[axis])) - Math.min(...carcass.map((c) => c.box!.origin[axis]));
    rows.push({
      cabinet: displayOf(cabinet.name),
      part: '',
      quantity: 1,
      values: [extent(1), extent(2), extent(0)].map((mm) => written(mm, inches)),
      info: infoOf(cabinet.name),
    });
    const groups = new Map<string, Expected>();
    for (const leaf of leaves(cabinet)) {
      // A panel's length is its longest side, its thickness its shortest.
      const [length, width, thickness] = [...leaf.box!.size].sort((a, b) => b - a);
      const values = [length, width, thickness].map((mm) => written(mm, writtenInInches(leaf.name)));
      const row = { cabinet: displayOf(cabinet.name), part: displayOf(leaf.name), quantity: 1, values, info: infoOf(leaf.name) };
      const key = JSON.stringify([row.part, row.values, row.info]);
      const seen = groups.get(key);
      if (seen) seen.quantity++;
      else groups.set(key, row);
    }
    rows.push(...groups.values());
  }
  return rows;
}

/** The written value in the CSV's unit, and how far the CSV's rounding may move it. */
function inUnit(v: { value: number; unit: 'mm' | 'in' }, unit: 'mm' | 'in'): { value: number; tolerance: number } {
  // SPEC §9: 1 m = 1000 mm = 39.3701 in.
  const value = v.unit === unit ? v.value : unit === 'mm' ? (v.value / 39.3701) * 1000 : (v.value / 1000) * 39.3701;
  return { value, tolerance: (unit === 'mm' ? 0.05 : 0.0005) + 1e-9 };
}

function compare(rows: Row[], expected: Expected[], unit: 'mm' | 'in'): string[] {
  const problems: string[] = [];
  const keyOf = (r: { cabinet: string; part: string; info: string; quantity: number }) => `${r.cabinet}|${r.part}|${r.info}|${r.quantity}`;
  const pool = [...rows];
  for (const e of expected) {
    const index = pool.findIndex(
      (r) => keyOf(r) === keyOf(e) && e.values.every((v, i) => {
        const want = inUnit(v, unit);
        return r.values[i] !== null && Math.abs(r.values[i]! - want.value) <= want.tolerance;
      }),
    );
    if (index < 0) problems.push(`missing ${keyOf(e)} ${JSON.stringify(e.values.map((v) => inUnit(v, unit).value))}`);
    else pool.splice(index, 1);
  }
  for (const r of pool) problems.push(`unexpected ${keyOf(r)} ${JSON.stringify(r.values)}`);
  for (const r of rows) if (r.unit !== unit) problems.push(`unit ${r.unit} in ${keyOf(r)}`);
  return problems;
}

describe('GET projects/{id}/parts.csv of a generated kitchen', () => {
  it('has mixed units, fractions and decimal commas to check', () => {
    const names = [assembly.root, ...assembly.root.children.flatMap((c) => [c, ...c.children, ...c.children.flatMap((d) => d.children)])].map((n) => n.name);
    expect(names.some((n) => /\+[^|]*\d+_\d+_\d+[^|]*in\|/.test(n))).toBe(true); // e.g. 23_1_4in
    expect(names.some((n) => /\+[^|]*0_3_4[^|]*in\|/.test(n))).toBe(true); // 3/4 in panels
    expect(names.some((n) => /\+[^|]*\d,\d[^|]*\|/.test(n))).toBe(true); // e.g. 11,5 or 98,7
    expect(assembly.root.children.filter((c) => writtenInInches(c.name)).length).toBeGreaterThan(1);
  });

  for (const unit of ['mm', 'in'] as const) {
    it(`lists every cabinet and part with its quantity, in ${unit}`, async () => {
      const project = await addProject(server, owner.user.id, { name: 'Cuisine Élodie', glb });
      const res = await inject(server, `/api/v1/projects/${project.id}/parts.csv?unit=${unit}`, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('Cuisine Élodie - parts.csv')}`);
      expect([...res.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 byte-order mark
      const { header, rows } = parseCsv(res.raw.subarray(3).toString('utf8'));
      expect(header).toEqual(['cabinet', 'part', 'quantity', 'length', 'width', 'thickness', 'unit', 'info']);
      const expected = expectedRows();
      expect(compare(rows, expected, unit)).toEqual([]);
      // Every leaf of the generator is counted once.
      expect(rows.filter((r) => r.part !== '').reduce((sum, r) => sum + r.quantity, 0)).toBe(assembly.partCount);
      expect(rows.filter((r) => r.part === '').length).toBe(assembly.root.children.length);
    });
  }

  it('reads fractions and decimal commas as numbers with a dot', async () => {
    const project = await addProject(server, owner.user.id, { glb });
    const csvIn = parseCsv((await inject(server, `/api/v1/projects/${project.id}/parts.csv?unit=in`, { token: owner.token })).raw.subarray(3).toString('utf8'));
    const csvMm = parseCsv((await inject(server, `/api/v1/projects/${project.id}/parts.csv`, { token: owner.token })).raw.subarray(3).toString('utf8'));
    // An inch base cabinet: 34_1_2 x 23_1_4 x width in; its sides 34_1_2 x 0_3_4 x 23_1_4.
    const inchBase = assembly.root.children.find((c) => c.name.startsWith('Base cabinet') && writtenInInches(c.name))!;
    const name = displayOf(inchBase.name);
    expect(csvIn.rows.find((r) => r.cabinet === name && r.part === '')!.values.slice(0, 2)).toEqual([34.5, 23.25]);
    expect(csvIn.rows.find((r) => r.cabinet === name && r.part === 'Left side')!.values).toEqual([34.5, 23.25, 0.75]);
    // SPEC §9 (1 m = 39.3701 in): 34.5 in = 876.299 mm, 23.25 in = 590.549 mm, 0.75 in = 19.050 mm (19.04998), to 0.1 mm.
    expect(csvMm.rows.find((r) => r.cabinet === name && r.part === 'Left side')!.values).toEqual([876.3, 590.5, 19]);
    // Hinges are written 48x11,5x35mm: length 48, width 35, thickness 11.5.
    expect(csvMm.rows.find((r) => r.part === 'Hinge')!.values).toEqual([48, 35, 11.5]);
    expect(csvMm.rows.every((r) => r.unit === 'mm')).toBe(true);
  });

  it('refuses an unknown unit', async () => {
    const project = await addProject(server, owner.user.id, { glb });
    const res = await inject(server, `/api/v1/projects/${project.id}/parts.csv?unit=cm`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(apiErrorSchema.safeParse(res.json).success).toBe(true);
  });

  it('answers 404 for a project without a model', async () => {
    const project = await addProject(server, owner.user.id, { withModel: false });
    expect((await inject(server, `/api/v1/projects/${project.id}/parts.csv`, { token: owner.token })).status).toBe(404);
  });
});

describe('GET projects/accessKeys/{key}/parts.csv', () => {
  const linkCsv = (key: string) => inject(server, `/api/v1/projects/accessKeys/${key}/parts.csv?unit=mm`);

  it('answers 404 on a link without the option, like any link route', async () => {
    const project = await addProject(server, owner.user.id, { published: true, glb, shareOptions: { ...ALL_SHARE_OPTIONS, isPartsListAvailable: false } });
    const res = await linkCsv(project.accessKey);
    expect(res.status).toBe(404);
    const unknown = await linkCsv('Zz9' + project.accessKey.slice(3));
    expect(res.json).toEqual(unknown.json);
    // The owner's own route still answers.
    expect((await inject(server, `/api/v1/projects/${project.id}/parts.csv`, { token: owner.token })).status).toBe(200);
  });

  it('gives the same CSV as the owner’s when the option is on, and stops when unpublished', async () => {
    const project = await addProject(server, owner.user.id, { published: true, glb, shareOptions: { ...ALL_SHARE_OPTIONS, isPartsListAvailable: true } });
    const guest = await linkCsv(project.accessKey);
    expect(guest.status).toBe(200);
    const own = await inject(server, `/api/v1/projects/${project.id}/parts.csv?unit=mm`, { token: owner.token });
    expect(guest.raw.equals(own.raw)).toBe(true);
    const patch = await inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { isPublished: false }, token: owner.token });
    expect(patch.status).toBe(204);
    expect((await linkCsv(project.accessKey)).status).toBe(404);
  });

  it('turns on and off with the share option', async () => {
    const project = await addProject(server, owner.user.id, { published: true, glb, shareOptions: { ...ALL_SHARE_OPTIONS, isPartsListAvailable: false } });
    const set = (value: boolean) =>
      inject(server, `/api/v1/projects/${project.id}`, { method: 'PATCH', body: { shareOptions: { isPartsListAvailable: value } }, token: owner.token });
    expect((await set(true)).status).toBe(204);
    expect((await linkCsv(project.accessKey)).status).toBe(200);
    const shared = await inject(server, `/api/v1/projects/accessKeys/${project.accessKey}`);
    expect((shared.json as { shareOptions: Record<string, boolean> }).shareOptions.isPartsListAvailable).toBe(true);
    expect((await set(false)).status).toBe(204);
    expect((await linkCsv(project.accessKey)).status).toBe(404);
  });
});

describe('parts.csv and formula injection (OWASP CSV injection)', () => {
  const attacks = [
    `Panel+720x18x560mm|;=cmd|' /C calc'!A0`,
    'Shelf+560x18x500mm|oak,=HYPERLINK("http://x")',
    'Back+700x3x580mm|hdf\t@SUM(1+1)*cmd|',
    'Door+716x19x446mm|white; -2+3+cmd|',
    '+Plinth+100x18x600mm|"quoted";+1',
  ];
  const glbOfAttacks = namesGlb([
    { name: '=Base 60+720x560x600mm|;@x', children: attacks.map((_, i) => i + 1) },
    ...attacks.map((name) => ({ name })),
  ]);

  it('quotes every text cell, and no cell begins with a formula starter whatever the separator', async () => {
    const project = await addProject(server, owner.user.id, { glb: glbOfAttacks });
    const res = await inject(server, `/api/v1/projects/${project.id}/parts.csv`, { token: owner.token });
    expect(res.status).toBe(200);
    const lines = res.raw.subarray(3).toString('utf8').split('\r\n').slice(1, -1);
    expect(lines.length).toBe(1 + attacks.length);
    // cabinet, part, quantity, length, width, thickness, unit, info: the text cells quoted, the numbers not.
    const quotedField = '"(?:[^"]|"")*"';
    const shape = new RegExp(`^${quotedField},${quotedField},\\d+,[\\d.]*,[\\d.]*,[\\d.]*,"mm",${quotedField}$`);
    for (const line of lines) expect(line).toMatch(shape);
    const problems: string[] = [];
    for (const separator of [',', ';', '\t']) {
      for (const honourQuotes of [true, false]) {
        for (const line of lines) {
          for (const cell of cellsAs(line, separator, honourQuotes)) {
            if (/^\s*[=+\-@\t\r]/.test(cell)) problems.push(`${JSON.stringify(separator)} ${honourQuotes ? 'quoted' : 'naive'}: ${cell}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The text stays readable: an RFC 4180 reader gets the name and material back, a quote mark before each starter.
    const rows = parseCsv(res.raw.subarray(3).toString('utf8')).rows;
    expect(rows[0].cabinet).toBe(`'=Base 60`);
    expect(rows.find((r) => r.part === 'Panel')!.info).toBe(`;'=cmd|' /C calc'!A0`);
  });
});
