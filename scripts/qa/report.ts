/** What `npm run qa` writes: one row per machine, as a table, JUnit XML and JSON. */
import type { CoverageReport } from '../../tests/helpers/coverage';
import { escapeMarkup } from './escape';
import type { ScreenSet } from './screenRuns';

export interface CaseResult {
  run: string;
  /** Stable id (tests/helpers/pathIds.ts): `npm run qa -- --machine X --path ID` replays it. */
  id: string;
  name: string;
  /** A failed path's steps in words, with what the oracle expected after each. */
  steps?: string[];
  ok: boolean;
  error?: string;
  ms: number;
}

export interface MachineResult {
  machine: string;
  source: string;
  testFile: string;
  states: number;
  transitions: number;
  paths: number;
  failed: number;
  coverage: CoverageReport;
  cases: CaseResult[];
  /** Every state and transition of the machine (the HTML report marks those visited and taken). */
  stateList: string[];
  transitionList: Array<{ key: string; source: string; event: string; targets: string[] }>;
  /** The machine through its screen: the transitions of the real actor the paths `npm test` plays there take, or why none. */
  screen: ScreenSet;
}

/** The screen column: `12/12 (100 %)`, or the reason there is none. */
export function screenCell(r: MachineResult): string {
  if ('reason' in r.screen) return r.screen.reason;
  const named = r.screen.offScreen ? `, ${r.screen.offScreen.transitions.length} named off screen` : '';
  return `${r.screen.taken}/${r.screen.total} (${pct(r.screen.taken, r.screen.total)})${named}`;
}

const pct = (a: number, b: number) => (b === 0 ? '-' : `${((a / b) * 100).toFixed(0)} %`);

export function table(results: MachineResult[]): string {
  const rows = [
    ['machine', 'states', 'transitions', 'paths', 'failed', 'states visited', 'transitions taken', 'through its screen'],
    ...results.map((r) => [
      r.machine,
      String(r.states),
      String(r.transitions),
      String(r.paths),
      String(r.failed),
      `${r.coverage.states.visited}/${r.coverage.states.total} (${pct(r.coverage.states.visited, r.coverage.states.total)})`,
      `${r.coverage.transitions.visited}/${r.coverage.transitions.total} (${pct(r.coverage.transitions.visited, r.coverage.transitions.total)})`,
      'reason' in r.screen ? '-' : screenCell(r),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const out = [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
  for (const r of results) {
    for (const s of r.coverage.states.missing) out.push(`  ${r.machine}: state never visited: ${s}`);
    for (const t of r.coverage.transitions.missing) out.push(`  ${r.machine}: transition never taken: ${t}`);
    const far = r.coverage.outOfReach;
    if (far) out.push(`  ${r.machine}: out of reach, not counted (${[...far.states.map((s) => `state ${s}`), ...far.transitions].join(', ')}): ${far.why}`);
    for (const x of r.coverage.reachedAnyway ?? []) out.push(`  ${r.machine}: named out of reach but reached: ${x}`);
    if ('missing' in r.screen) for (const t of r.screen.missing) out.push(`  ${r.machine}: transition not taken through its screen: ${t}`);
    if ('missing' in r.screen && r.screen.offScreen) out.push(`  ${r.machine}: off screen, not counted (${r.screen.offScreen.transitions.join(', ')}): ${r.screen.offScreen.why}`);
    if ('reason' in r.screen) out.push(`  ${r.machine}: through its screen: ${r.screen.reason}`);
    for (const c of r.cases.filter((x) => !x.ok)) {
      out.push(`  ${r.machine}: FAILED path ${c.id} (npm run qa -- --machine ${r.machine} --path ${c.id})\n    ${c.error}`);
      out.push(...(c.steps ?? []).map((step) => `    ${step}`));
    }
  }
  return out.join('\n');
}

const xml = escapeMarkup;

export function junit(results: MachineResult[]): string {
  const suites = results.map((r) => {
    const coverageOk = r.coverage.states.missing.length === 0 && r.coverage.transitions.missing.length === 0 && (r.coverage.reachedAnyway ?? []).length === 0;
    const cases = [
      ...r.cases.map(
        (c) =>
          `    <testcase classname="${xml(`${r.machine}.${c.run}`)}" name="${xml(`[${c.id}] ${c.name}`)}" time="${(c.ms / 1000).toFixed(3)}">` +
          (c.ok ? '' : `<failure message="${xml(c.error?.split('\n')[0] ?? '')}">${xml(c.error ?? '')}</failure>`) +
          '</testcase>',
      ),
      `    <testcase classname="${xml(r.machine)}" name="coverage: every state and transition of the real actor">` +
        (coverageOk ? '' : `<failure message="not covered">${xml([...r.coverage.states.missing, ...r.coverage.transitions.missing].join('\n'))}</failure>`) +
        '</testcase>',
    ];
    const failures = r.failed + (coverageOk ? 0 : 1);
    const time = r.cases.reduce((sum, c) => sum + c.ms, 0) / 1000;
    return (
      `  <testsuite name="${xml(r.machine)}" tests="${cases.length}" failures="${failures}" time="${time.toFixed(3)}">\n` +
      `    <properties><property name="states" value="${r.coverage.states.visited}/${r.coverage.states.total}"/>` +
      `<property name="transitions" value="${r.coverage.transitions.visited}/${r.coverage.transitions.total}"/></properties>\n` +
      `${cases.join('\n')}\n  </testsuite>`
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="machines">\n${suites.join('\n')}\n</testsuites>\n`;
}
