/**
 * Placements as exporters write them, read part by part exactly as OpenCascade places them when it
 * reads the whole file: each case is a generated job with some records edited, compared part by
 * part (path, triangles, world box, centroid) with the whole-file read. Each edit is checked to move
 * parts in the whole-file read, so a reader that ignored it would fail.
 */
import { describe, expect, it } from 'vitest';
import { generateJob, jobToStep } from '../../samples/realJob/job.js';
import { importStepByParts } from '../../server/convert/importers/stepByParts.js';
import { planStepParts } from '../../server/convert/importers/stepParts.js';
import { leaves, wholeFile, type Leaf } from './helpers/sceneLeaves.js';

const encode = (text: string) => new TextEncoder().encode(text);
const summary = (list: Leaf[]) => list.map((l) => `${l.path} ${l.triangles} ${l.bounds} ${l.centroid}`).sort();

/** A record's arguments, split at the top level. */
function topArgs(inner: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === "'") quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && c === ',') {
      out.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  out.push(inner.slice(start));
  return out;
}

/** A file's records by id, editable, written back in order. */
class StepEdit {
  private readonly lines: string[];
  private next = 9_000_000;
  private readonly added: string[] = [];
  constructor(text: string) {
    this.lines = text.split('\n');
  }
  ids(type: string): number[] {
    const re = new RegExp(`^#(\\d+)=${type}\\(`);
    return this.lines.flatMap((line) => (re.exec(line) ? [Number(re.exec(line)![1])] : []));
  }
  /** The arguments of a simple record. */
  args(id: number): string[] {
    const line = this.lines.find((l) => l.startsWith(`#${id}=`))!;
    return topArgs(line.slice(line.indexOf('(') + 1, line.lastIndexOf(')')));
  }
  type(id: number): string {
    const line = this.lines.find((l) => l.startsWith(`#${id}=`))!;
    return line.slice(line.indexOf('=') + 1, line.indexOf('('));
  }
  set(id: number, type: string, args: string[]): void {
    const at = this.lines.findIndex((l) => l.startsWith(`#${id}=`));
    this.lines[at] = `#${id}=${type}(${args.join(',')});`;
  }
  /** Replaces text inside one record. */
  replaceIn(id: number, from: string, to: string): void {
    const at = this.lines.findIndex((l) => l.startsWith(`#${id}=`));
    this.lines[at] = this.lines[at].replace(from, to);
  }
  add(record: string): string {
    const id = this.next++;
    this.added.push(`#${id}=${record};`);
    return `#${id}`;
  }
  text(): string {
    const end = this.lines.lastIndexOf('ENDSEC;');
    return [...this.lines.slice(0, end), ...this.added, ...this.lines.slice(end)].join('\n');
  }
}

const job = generateJob({ cabinets: 2, seed: 3 });
const original = jobToStep(job, { shared: true });
const vector = (v: number[]) => `(${v.map((n) => n.toFixed(6)).join(',')})`;

/** The assembly's transformations: item_1 (the component's placement), item_2 (the assembly's), and the relationship. */
function transformations(edit: StepEdit) {
  return edit.ids('ITEM_DEFINED_TRANSFORMATION').map((id) => {
    const [, , item1, item2] = edit.args(id);
    return { id, item1: Number(item1.slice(1)), item2: Number(item2.slice(1)) };
  });
}

async function compare(text: string) {
  const bytes = encode(text);
  expect(planStepParts(text), 'the part-by-part reader follows the file').toBeDefined();
  const byParts = await importStepByParts('job.stp', bytes, { minOccurrences: 0, groupBytes: 40_000 });
  const ours = summary(leaves(byParts!));
  const reference = summary(leaves(await wholeFile(bytes)));
  expect(ours).toHaveLength(job.partCount);
  expect(ours).toEqual(reference);
  return reference;
}

let unedited: string[] | undefined;
async function uneditedSummary() {
  unedited ??= summary(leaves(await wholeFile(encode(original))));
  return unedited;
}
/** How many parts the edit moved in the whole-file read: an edit that moves nothing proves nothing. */
const moved = (edited: string[], before: string[]) => edited.filter((line) => !before.includes(line)).length;

describe('placements as exporters write them', () => {
  it('a placement without a reference direction takes OpenCascade’s default frame, on parts and on cabinets', async () => {
    const edit = new StepEdit(original);
    // Every assembly-side placement: its axis one of six directions, its reference direction left out ($).
    const axes = [[0, 1, 0], [0, 0, -1], [-1, 0, 0], [0, -1, 0], [1, 0, 0], [0, 0, 1], [0.6, 0.8, 0], [0, -0.6, -0.8]];
    transformations(edit).forEach(({ item2 }, i) => {
      const [name, point] = edit.args(item2);
      edit.set(item2, 'AXIS2_PLACEMENT_3D', [name, point, edit.add(`DIRECTION('',${vector(axes[i % axes.length])})`), '$']);
    });
    const reference = await compare(edit.text());
    expect(moved(reference, await uneditedSummary())).toBeGreaterThan(job.partCount / 2);
  });

  it('a reference direction parallel to the axis is left for the default frame too', async () => {
    const edit = new StepEdit(original);
    transformations(edit).forEach(({ item2 }, i) => {
      const [name, point] = edit.args(item2);
      const axis = i % 2 === 0 ? [0, 1, 0] : [0, 0, -1];
      edit.set(item2, 'AXIS2_PLACEMENT_3D', [name, point, edit.add(`DIRECTION('',${vector(axis)})`), edit.add(`DIRECTION('',${vector(axis.map((v) => -v))})`)]);
    });
    const reference = await compare(edit.text());
    expect(moved(reference, await uneditedSummary())).toBeGreaterThan(job.partCount / 2);
  });

  it('a component-side placement that is not the origin, turned and moved', async () => {
    const edit = new StepEdit(original);
    transformations(edit).forEach(({ item1 }, i) => {
      const [name] = edit.args(item1);
      const point = edit.add(`CARTESIAN_POINT('',(${12 + i},${-30 + 2 * i},${45 - i}))`);
      const axis = edit.add(`DIRECTION('',${vector(i % 2 ? [0, 1, 0] : [1, 0, 0])})`);
      const ref = edit.add(`DIRECTION('',${vector(i % 2 ? [0, 0, 1] : [0, 1, 0])})`);
      edit.set(item1, 'AXIS2_PLACEMENT_3D', [name, point, axis, ref]);
    });
    const reference = await compare(edit.text());
    expect(moved(reference, await uneditedSummary())).toBeGreaterThan(job.partCount / 2);
  });

  it('the representation relationship written the other way round, placements not: parts stay in place', async () => {
    const edit = new StepEdit(original);
    // As exporters that write it so do: item_1 is the component representation's own placement (listed in it).
    const ownPlacement = (rep: string) => {
      const items = /\(([^()]*)\)/.exec(edit.args(Number(rep.slice(1))).slice(1).join(','))![1].split(',');
      return items.find((item) => edit.type(Number(item.slice(1))) === 'AXIS2_PLACEMENT_3D')!;
    };
    const relationOf = new Map(edit.ids('\\(REPRESENTATION_RELATIONSHIP').map((id) => [id, /REPRESENTATION_RELATIONSHIP\('[^']*','[^']*',(#\d+),(#\d+)\)REPRESENTATION_RELATIONSHIP_WITH_TRANSFORMATION\((#\d+)\)/.exec(edit.args(id).join(','))!]));
    for (const [id, [, rep1, rep2, transformation]] of relationOf) {
      const [n, d, , item2] = edit.args(Number(transformation.slice(1)));
      edit.set(Number(transformation.slice(1)), 'ITEM_DEFINED_TRANSFORMATION', [n, d, ownPlacement(rep1), item2]);
      edit.replaceIn(id, `${rep1},${rep2})`, `${rep2},${rep1})`);
    }
    const reference = await compare(edit.text());
    expect(reference).toEqual(await uneditedSummary());
  });

  it('the relationship written the other way round, its component placement not in the component: as OpenCascade reads it', async () => {
    const edit = new StepEdit(original);
    for (const id of edit.ids('\\(REPRESENTATION_RELATIONSHIP')) {
      const match = /REPRESENTATION_RELATIONSHIP\('([^']*)','([^']*)',(#\d+),(#\d+)\)/.exec(edit.args(id).join(','))!;
      edit.replaceIn(id, `${match[3]},${match[4]})`, `${match[4]},${match[3]})`);
    }
    const reference = await compare(edit.text());
    expect(moved(reference, await uneditedSummary())).toBeGreaterThan(job.partCount / 2);
  });

  it('relationship and placements both written the other way round, with a component-side placement off the origin', async () => {
    const edit = new StepEdit(original);
    for (const id of edit.ids('\\(REPRESENTATION_RELATIONSHIP')) {
      const match = /REPRESENTATION_RELATIONSHIP\('([^']*)','([^']*)',(#\d+),(#\d+)\)/.exec(edit.args(id).join(','))!;
      edit.replaceIn(id, `${match[3]},${match[4]})`, `${match[4]},${match[3]})`);
    }
    transformations(edit).forEach(({ id, item1, item2 }, i) => {
      const [name] = edit.args(item1);
      const point = edit.add(`CARTESIAN_POINT('',(${5 + i},${7 - i},${-9 + i}))`);
      edit.set(item1, 'AXIS2_PLACEMENT_3D', [name, point, edit.add(`DIRECTION('',${vector([0, 0, 1])})`), edit.add(`DIRECTION('',${vector([0, 1, 0])})`)]);
      const [n, d] = edit.args(id);
      edit.set(id, 'ITEM_DEFINED_TRANSFORMATION', [n, d, `#${item2}`, `#${item1}`]);
    });
    const reference = await compare(edit.text());
    expect(moved(reference, await uneditedSummary())).toBeGreaterThan(job.partCount / 2);
  });

  it('each representation with a context of its own in the same unit, as some exporters write it: read part by part, in place', async () => {
    const edit = new StepEdit(original);
    const context = edit.ids('\\(GEOMETRIC_REPRESENTATION_CONTEXT')[0];
    const line = original.split('\n').find((l) => l.startsWith(`#${context}=`))!;
    const shapes = edit.ids('ADVANCED_BREP_SHAPE_REPRESENTATION');
    expect(shapes.length).toBeGreaterThan(4);
    // Every other part's geometry in its own copy of the context (same millimetres).
    shapes.forEach((id, i) => {
      if (i % 2 === 0) edit.replaceIn(id, `#${context})`, `${edit.add(line.slice(line.indexOf('=') + 1, -1))})`);
    });
    await compare(edit.text());
  });

  it('a representation in another length unit (inches beside millimetres) is left to the whole-file reader, which scales it', async () => {
    const edit = new StepEdit(original);
    const context = edit.ids('\\(GEOMETRIC_REPRESENTATION_CONTEXT')[0];
    const line = original.split('\n').find((l) => l.startsWith(`#${context}=`))!;
    const [millimetre] = /#\d+(?=,)/.exec(line.slice(line.indexOf('GLOBAL_UNIT_ASSIGNED_CONTEXT')))!;
    const inchFactor = edit.add(`LENGTH_MEASURE_WITH_UNIT(LENGTH_MEASURE(25.4),${millimetre})`);
    const dimensions = edit.add('DIMENSIONAL_EXPONENTS(1.,0.,0.,0.,0.,0.,0.)');
    const inch = edit.add(`(CONVERSION_BASED_UNIT('INCH',${inchFactor})LENGTH_UNIT()NAMED_UNIT(${dimensions}))`);
    const inches = edit.add(line.slice(line.indexOf('=') + 1, -1).replace(`(${millimetre},`, `(${inch},`));
    const [shape] = edit.ids('ADVANCED_BREP_SHAPE_REPRESENTATION');
    edit.replaceIn(shape, `#${context})`, `${inches})`);
    const text = edit.text();
    expect(planStepParts(text)).toBeUndefined();
    expect(await importStepByParts('job.stp', encode(text), { minOccurrences: 0 })).toBeUndefined();
    // OpenCascade does scale that part: a reader that took one unit for the file would be wrong.
    expect(moved(summary(leaves(await wholeFile(encode(text)))), await uneditedSummary())).toBeGreaterThan(0);
  });

  it('a placement given by a CARTESIAN_TRANSFORMATION_OPERATOR_3D, or a placement that is not one, is left to the whole-file reader', () => {
    const edit = new StepEdit(original);
    const [first] = transformations(edit);
    const origin = edit.add(`CARTESIAN_POINT('',(10.,20.,30.))`);
    const operator = edit.add(`CARTESIAN_TRANSFORMATION_OPERATOR_3D('','','',$,$,${origin},1.,$)`);
    const relation = edit.ids('\\(REPRESENTATION_RELATIONSHIP').find((id) => edit.args(id).join(',').includes(`WITH_TRANSFORMATION(#${first.id})`))!;
    edit.replaceIn(relation, `WITH_TRANSFORMATION(#${first.id})`, `WITH_TRANSFORMATION(${operator})`);
    expect(planStepParts(edit.text())).toBeUndefined();
    const other = new StepEdit(original);
    const [t] = transformations(other);
    const [n, d, , item2] = other.args(t.id);
    other.set(t.id, 'ITEM_DEFINED_TRANSFORMATION', [n, d, other.add(`CARTESIAN_POINT('',(0.,0.,0.))`), item2]);
    expect(planStepParts(other.text())).toBeUndefined();
    expect(planStepParts(original)).toBeDefined();
  });
});
