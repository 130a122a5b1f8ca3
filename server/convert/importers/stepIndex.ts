/**
 * One pass over a STEP file's DATA section that finds every entity record (`#12=TYPE(...);` or a
 * complex `#12=(A()B());`) without parsing its arguments: where it starts and ends, and its type
 * for the few types the part-by-part reader asks about. Arguments and references are read on
 * demand. A 137 MB export is indexed in about a second and the text is kept once.
 */
import { readArgs, type Arg } from './stepProducts.js';

export interface StepIndex {
  readonly text: string;
  /** The file up to and including `DATA;`. */
  readonly header: string;
  /** Entity numbers in file order. */
  readonly ids: Int32Array;
  /** By entity number: where its record `#n=...;` starts, plus one (0: no such entity), and ends. */
  readonly start: Int32Array;
  readonly end: Int32Array;
  /** By entity number: its type's code in `typeNames`. */
  readonly typeCode: Uint16Array;
  /** Type names (upper case) by code; `COMPLEX` for complex records. */
  readonly typeNames: string[];
  readonly maxId: number;
}

const hasEntity = (index: StepIndex, id: number) => id > 0 && id <= index.maxId && index.start[id] > 0;
export const typeOf = (index: StepIndex, id: number): string | undefined => (hasEntity(index, id) ? index.typeNames[index.typeCode[id]] : undefined);
/** Bytes of an entity's record. */
export const recordLength = (index: StepIndex, id: number) => (hasEntity(index, id) ? index.end[id] - index.start[id] + 1 : 0);

const SEMICOLON = 59;
const QUOTE = 39;
const HASH = 35;

const isNameChar = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;

/**
 * Indexes the DATA section; undefined when the text is not one DATA section of numbered records.
 * `onProgress` hears the share of the text read now and then.
 */
export function indexStep(text: string, onProgress?: (share: number) => void): StepIndex | undefined {
  const data = text.indexOf('DATA;');
  if (data < 0 || text.indexOf('DATA;', data + 5) >= 0) return undefined;
  const header = text.slice(0, data + 5);
  let ids = new Int32Array(1 << 16);
  let count = 0;
  let start = new Int32Array(1 << 16);
  let end = new Int32Array(1 << 16);
  let typeCode = new Uint16Array(1 << 16);
  const typeNames: string[] = [];
  const codes = new Map<string, number>();
  const grow = <T extends Int32Array | Uint16Array>(array: T, size: number): T => {
    let length = array.length;
    while (length <= size) length *= 2;
    const next = new (array.constructor as new (n: number) => T)(length);
    next.set(array);
    return next;
  };
  let maxId = 0;
  let i = data + 5;
  const n = text.length;
  const endsec = text.indexOf('ENDSEC;', i);
  if (endsec < 0) return undefined;
  for (;;) {
    const hash = text.indexOf('#', i);
    if (hash < 0 || hash > endsec) break;
    let j = hash + 1;
    let id = 0;
    let c = text.charCodeAt(j);
    while (c >= 48 && c <= 57) {
      id = id * 10 + (c - 48);
      c = text.charCodeAt(++j);
    }
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++j);
    if (c !== 61 || id === 0 || id > 0x7fffffff) return undefined; // '='
    c = text.charCodeAt(++j);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++j);
    let kind: string;
    if (c === 40) kind = 'COMPLEX';
    else {
      let k = j;
      while (k < n && isNameChar(text.charCodeAt(k))) k++;
      kind = text.slice(j, k);
    }
    let code = codes.get(kind);
    if (code === undefined) {
      code = typeNames.push(kind.toUpperCase()) - 1;
      if (code > 0xffff) return undefined;
      codes.set(kind, code);
    }
    // The record ends at the first semicolon outside a string.
    let k = j;
    for (;;) {
      const semi = text.indexOf(';', k);
      const quote = text.indexOf("'", k);
      if (semi < 0) return undefined;
      if (quote >= 0 && quote < semi) {
        const close = text.indexOf("'", quote + 1);
        if (close < 0) return undefined;
        k = close + 1;
        continue;
      }
      k = semi + 1;
      break;
    }
    if (id >= start.length) {
      start = grow(start, id);
      end = grow(end, id);
      typeCode = grow(typeCode, id);
    }
    if (start[id] !== 0) return undefined;
    if (count >= ids.length) ids = grow(ids, count);
    ids[count++] = id;
    start[id] = hash + 1;
    end[id] = k;
    typeCode[id] = code;
    if (id > maxId) maxId = id;
    i = k;
    if ((count & 0xffff) === 0) onProgress?.(i / n);
  }
  return { text, header, ids: ids.subarray(0, count), start, end, typeCode, typeNames, maxId };
}

export function recordOf(index: StepIndex, id: number): string {
  return hasEntity(index, id) ? index.text.slice(index.start[id] - 1, index.end[id]) : '';
}

/** The arguments of a simple record. */
export function argsOf(index: StepIndex, id: number): Arg[] {
  if (!hasEntity(index, id)) return [];
  const open = index.text.indexOf('(', index.start[id] - 1);
  return readArgs(index.text, open + 1);
}

/** The arguments of one part (`NAME(...)`) of a complex record, if it has that part. */
export function complexPartArgs(index: StepIndex, id: number, name: string): Arg[] | undefined {
  const record = recordOf(index, id);
  const match = new RegExp(`[(\\s)]${name}\\s*\\(`, 'i').exec(record);
  if (!match) return undefined;
  return readArgs(record, match.index + match[0].length);
}

/** Entity numbers a record refers to, in order (strings skipped). */
export function refsOf(index: StepIndex, id: number): number[] {
  const { text } = index;
  if (!hasEntity(index, id)) return [];
  const e = index.end[id];
  const out: number[] = [];
  let i = text.indexOf('=', index.start[id] - 1) + 1;
  while (i < e) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = text.indexOf("'", i + 1) + 1;
      if (i === 0) break;
      continue;
    }
    if (c === HASH) {
      let v = 0;
      let j = i + 1;
      let d = text.charCodeAt(j);
      while (d >= 48 && d <= 57) {
        v = v * 10 + (d - 48);
        d = text.charCodeAt(++j);
      }
      out.push(v);
      i = j;
      continue;
    }
    if (c === SEMICOLON) break;
    i++;
  }
  return out;
}

/** Every entity reachable from `roots` by reference (roots included), added to `into`. */
export function closure(index: StepIndex, roots: Iterable<number>, into: Set<number> = new Set()): Set<number> {
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (into.has(id) || !hasEntity(index, id)) continue;
    into.add(id);
    for (const ref of refsOf(index, id)) if (!into.has(ref)) stack.push(ref);
  }
  return into;
}

/** The numbers of a CARTESIAN_POINT or DIRECTION record. */
export function numbersOf(index: StepIndex, id: number): number[] | undefined {
  const match = /\(\s*'(?:[^']|'')*'\s*,\s*\(([^)]*)\)/.exec(recordOf(index, id));
  if (!match) return undefined;
  const values = match[1].split(',').map((v) => Number(v.trim()));
  return values.every(Number.isFinite) ? values : undefined;
}
