/** `npm run qa -- --machine <name> --paths`: the generated paths as readable steps. */
import { activePaths } from '../../tests/helpers/coverage';
import type { GeneratedModel } from '../../tests/models/machineModel';
import type { PathCase } from '../../tests/helpers/modelBased';
import { eventText } from '../../tests/helpers/pathIds';


/** A state value as its active leaf states: `transferring.uploading`, `panel.measure + dataSheet.shown`. */
export function stateText(value: unknown): string {
  const paths = activePaths(value);
  return paths.filter((p) => !paths.some((q) => q.startsWith(`${p}.`))).join(' + ');
}

/** One path as numbered steps, each with the state and effects the oracle expects. */
export function describePath(c: PathCase, label: string): string[] {
  const last = c.steps.at(-1)?.expected;
  const played = c.steps.filter((step) => step.event.type !== 'xstate.init').length;
  const lines = [`\npath ${label} [${c.id}]: ${played} steps${last ? `, ends in ${stateText(last.value)}` : ''}`];
  let i = 0;
  for (const step of c.steps) {
    if (step.event.type === 'xstate.init') continue;
    const expected = step.expected;
    const state = expected ? stateText(expected.value) : '(no oracle)';
    const effects = expected?.effects.length ? `  => ${expected.effects.join('; ')}` : '';
    lines.push(`  ${String(++i).padStart(2)}. ${eventText(step.event)}\n      expect ${state}${effects}`);
  }
  return lines;
}

export function describePaths(generated: GeneratedModel): string {
  const lines = [`# ${generated.model.name} (${generated.model.source})`];
  let n = 0;
  for (const run of generated.runs) {
    lines.push(`\n## ${run.label}: ${run.cases.length} paths`);
    for (const c of run.cases) lines.push(...describePath(c, String(++n)));
  }
  return lines.join('\n');
}
