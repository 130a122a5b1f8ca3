/**
 * Mutation check of the machines' model-based tests (not part of `npm test`): for each machine of
 * tests/models, changes one thing at a time in the machine's source and runs that machine's
 * generated paths (`npm run qa -- --machine <name>`: the oracle's checks and the real actor's
 * coverage). A mutant is killed when they fail, survives when they pass.
 *   - guard mutants: one `guard: x` becomes `guard: not(x)`, or is removed (always true);
 *   - guard logic mutants: in the `guards` of `setup`, one comparison or logical operator flipped
 *     (=== and !==, < and <=, > and >=, && and ||);
 *   - target mutants: one target state becomes a sibling state;
 *   - action mutants: one action of a transition's, entry's or exit's `actions` is removed;
 *   - assign mutants: one context key an `assign({...})` sets is no longer set.
 * It works in a temporary copy of src, tests and scripts (node_modules linked), so the tree is
 * never touched and work can go on meanwhile; the copy's file is restored after each mutant.
 *
 *   npx tsx scripts/mutate-machines.ts [--machine <name>] [--since <commit>]   report in .tmp/qa/mutants.json
 *   (also `npm run qa -- --mutate [--since <commit>]`: the machines whose files changed since it)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import type { AnyStateMachine } from 'xstate';
import { machineModels } from '../tests/models';

interface Mutant {
  kind: 'guard' | 'guard-removed' | 'guard-logic' | 'target' | 'action-removed' | 'assign-removed';
  line: number;
  description: string;
  start: number;
  end: number;
  replacement: string;
}

const NOT_IMPORT = "import { not as qaMutantNot } from 'xstate';\n";

/** Sibling state keys of every state key of the machine (a key may sit in several places). */
function siblingsOf(machine: AnyStateMachine): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const walk = (node: { states: Record<string, unknown> }) => {
    const keys = Object.keys(node.states);
    for (const key of keys) map.set(key, [...new Set([...(map.get(key) ?? []), ...keys.filter((k) => k !== key)])]);
    Object.values(node.states).forEach((child) => walk(child as never));
  };
  walk(machine.root as never);
  return map;
}

const TARGET_KEYS = new Set(['target', 'onDone', 'onError']);
const ACTION_KEYS = new Set(['actions', 'entry', 'exit']);

function mutantsOf(source: string, file: string, machine: AnyStateMachine): Mutant[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const siblings = siblingsOf(machine);
  const mutants: Mutant[] = [];
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  /** Is this property inside an `on: { ... }` or `after: { ... }` map (its value a target)? */
  const inTransitionMap = (prop: ts.PropertyAssignment) => {
    const map = prop.parent.parent;
    return ts.isPropertyAssignment(map) && ['on', 'after'].includes(map.name.getText(sf));
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node)) {
      const name = node.name.getText(sf);
      const value = node.initializer;
      if (name === 'guard') {
        const text = value.getText(sf);
        const short = text.length > 50 ? `${text.slice(0, 47)}...` : text;
        mutants.push({ kind: 'guard', line: lineOf(node), description: `guard ${short} negated`, start: value.getStart(sf), end: value.getEnd(), replacement: `qaMutantNot(${text})` });
        // Removed: the property and the comma after it.
        const after = source.slice(node.getEnd()).match(/^\s*,/)?.[0].length ?? 0;
        mutants.push({ kind: 'guard-removed', line: lineOf(node), description: `guard ${short} removed`, start: node.getStart(sf), end: node.getEnd() + after, replacement: '' });
      }
      if (name === 'guards' && ts.isObjectLiteralExpression(value)) {
        const flip: Record<string, string> = { '===': '!==', '!==': '===', '<': '<=', '<=': '<', '>': '>=', '>=': '>', '&&': '||', '||': '&&' };
        const walk = (n: ts.Node) => {
          if (ts.isBinaryExpression(n) && flip[n.operatorToken.getText(sf)]) {
            const op = n.operatorToken.getText(sf);
            const where = n.getText(sf).replace(/\s+/g, ' ');
            mutants.push({ kind: 'guard-logic', line: lineOf(n), description: `in guards: ${op} -> ${flip[op]} in ${where.length > 60 ? `${where.slice(0, 57)}...` : where}`, start: n.operatorToken.getStart(sf), end: n.operatorToken.getEnd(), replacement: flip[op] });
          }
          ts.forEachChild(n, walk);
        };
        walk(value);
      }
      if (ACTION_KEYS.has(name) && !ts.isObjectLiteralExpression(value)) {
        // A single action: the property goes (with its comma); a list: each element in turn.
        const items = ts.isArrayLiteralExpression(value) ? [...value.elements] : [value];
        for (const item of items) {
          const text = item.getText(sf).replace(/\s+/g, ' ');
          const short = text.length > 50 ? `${text.slice(0, 47)}...` : text;
          const whole = !ts.isArrayLiteralExpression(value) ? node : item;
          const after = source.slice(whole.getEnd()).match(/^\s*,/)?.[0].length ?? 0;
          mutants.push({ kind: 'action-removed', line: lineOf(item), description: `${name}: ${short} removed`, start: whole.getStart(sf), end: whole.getEnd() + after, replacement: '' });
        }
      }
    }
    if (ts.isCallExpression(node) && node.expression.getText(sf) === 'assign' && node.arguments.length > 0) {
      // assign({ key: ... }) or assign(({ ... }) => ({ key: ... })): each key in turn is not set.
      const arg = node.arguments[0];
      let object: ts.Node | undefined = arg;
      if (ts.isArrowFunction(arg)) object = ts.isParenthesizedExpression(arg.body) ? arg.body.expression : undefined;
      if (object && ts.isObjectLiteralExpression(object)) {
        for (const property of object.properties) {
          if (ts.isSpreadAssignment(property) || !property.name) continue;
          const after = source.slice(property.getEnd()).match(/^\s*,/)?.[0].length ?? 0;
          mutants.push({ kind: 'assign-removed', line: lineOf(property), description: `assign of ${property.name.getText(sf)} removed`, start: property.getStart(sf), end: property.getEnd() + after, replacement: '' });
        }
      }
    }
    if (ts.isPropertyAssignment(node)) {
      const name = node.name.getText(sf);
      const value = node.initializer;
      if (ts.isStringLiteral(value) && (TARGET_KEYS.has(name) || inTransitionMap(node))) {
        const target = value.text;
        const match = /^([#.]?(?:[\w-]+\.)*)([\w-]+)$/.exec(target);
        const other = match ? siblings.get(match[2])?.[0] : undefined;
        if (match && other) {
          const replaced = `${match[1]}${other}`;
          mutants.push({ kind: 'target', line: lineOf(node), description: `${name === 'target' ? '' : `${name} `}target '${target}' -> '${replaced}'`, start: value.getStart(sf), end: value.getEnd(), replacement: `'${replaced}'` });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return mutants;
}

const args = process.argv.slice(2);
const wanted = args.includes('--machine') ? args[args.indexOf('--machine') + 1] : undefined;
const since = args.includes('--since') ? args[args.indexOf('--since') + 1] : undefined;
/** The files changed since that commit (committed or not), when asked for. */
const changed = since === undefined ? undefined : new Set(spawnSync('git', ['diff', '--name-only', since], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean));
if (since !== undefined && changed!.size === 0 && spawnSync('git', ['rev-parse', '--verify', since]).status !== 0) {
  console.error(`No commit ${since}`);
  process.exit(2);
}
const chosen = machineModels.filter((m) => (!wanted || m.name === wanted) && (!changed || [m.source, m.setupSource].some((f) => f && changed.has(f))));
console.log(`Mutating ${chosen.length} machine(s)${since ? ` changed since ${since}` : ''}: ${chosen.map((m) => m.name).join(', ') || 'none'}`);
const work = mkdtempSync(join(tmpdir(), 'machine-mutants-'));
for (const dir of ['src', 'tests', 'scripts']) cpSync(dir, join(work, dir), { recursive: true });
// What the tests reach beside the app (the generated samples and the writers they use) is never mutated.
for (const dir of ['samples', 'server']) symlinkSync(realpathSync(dir), join(work, dir), 'dir');
for (const file of ['package.json', 'tsconfig.json']) cpSync(file, join(work, file));
symlinkSync(realpathSync('node_modules'), join(work, 'node_modules'));
const cleanUp = () => rmSync(work, { recursive: true, force: true });
const outDir = join(work, '.tmp', 'mutants');
mkdirSync(outDir, { recursive: true });
let restore: (() => void) | null = null;

const report: Array<{ machine: string; source: string; total: number; killed: number; survived: Array<{ file: string; line: number; description: string }>; killedBy: Record<string, number> }> = [];
for (const model of chosen) {
  const survived: Array<{ file: string; line: number; description: string }> = [];
  const killedBy: Record<string, number> = { oracle: 0, coverage: 0, error: 0 };
  let total = 0;
  // The copy must pass unmutated, or every mutant would be counted killed by an error of the copy.
  const clean = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/qa.ts', '--machine', model.name, '--out', join(outDir, model.name)], { cwd: work, encoding: 'utf8', timeout: 180_000 });
  if (clean.status !== 0) {
    console.error(`${model.name}: the unmutated copy fails its paths; no mutant can be judged.\n${clean.stdout}\n${clean.stderr}`);
    cleanUp();
    process.exit(2);
  }
  // The machine's file, and the file of its `setup` (guards, actions) when that is apart.
  for (const source of [model.source, ...(model.setupSource ? [model.setupSource] : [])]) {
    const file = join(work, source);
    const original = readFileSync(file, 'utf8');
    const mutants = mutantsOf(original, source, model.machine);
    total += mutants.length;
    restore = () => writeFileSync(file, original);
    for (const mutant of mutants) {
      const mutated = NOT_IMPORT + original.slice(0, mutant.start) + mutant.replacement + original.slice(mutant.end);
      writeFileSync(file, mutated);
      const out = join(outDir, model.name);
      const result = (() => {
        try {
          return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/qa.ts', '--machine', model.name, '--out', out], { cwd: work, encoding: 'utf8', timeout: 180_000 });
        } finally {
          restore!();
        }
      })();
      const where = `${source === model.source ? '' : `${source}:`}${mutant.line}`;
      if (result.status === 0) {
        survived.push({ file: source, line: mutant.line, description: mutant.description });
        console.log(`  ${model.name}:${where} SURVIVED ${mutant.description}`);
        continue;
      }
      let by = 'error';
      try {
        const machine = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')).machines[0];
        if (result.status === 1 && machine) by = machine.failed > 0 ? 'oracle' : 'coverage';
      } catch {
        // no report: the machine did not even load (counted as killed by error)
      }
      killedBy[by]++;
      console.log(`  ${model.name}:${where} killed (${by}) ${mutant.description}`);
    }
    restore = null;
  }
  report.push({ machine: model.name, source: model.source, total, killed: total - survived.length, survived, killedBy });
}

console.log('\nmachine      mutants  killed  survived  (killed by oracle / coverage / load error)');
for (const r of report) {
  console.log(`${r.machine.padEnd(12)} ${String(r.total).padStart(7)} ${String(r.killed).padStart(7)} ${String(r.survived.length).padStart(9)}  (${r.killedBy.oracle} / ${r.killedBy.coverage} / ${r.killedBy.error})`);
  for (const s of r.survived) console.log(`  survived: ${s.file}:${s.line} ${s.description}`);
}
cleanUp();
mkdirSync(join('.tmp', 'qa'), { recursive: true });
writeFileSync(join('.tmp', 'qa', 'mutants.json'), `${JSON.stringify(report, null, 2)}\n`);
