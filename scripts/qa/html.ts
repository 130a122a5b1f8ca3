/**
 * `npm run qa`'s HTML report (.tmp/qa/report.html), for a person: per machine, its diagram with
 * what was taken through its screen, on the actor only or never drawn, its states and transitions
 * with what the real actor visited and took marked, the paths run, and each failed
 * path with its id, its steps in words, the error and the command that replays it. One file, no
 * script, nothing fetched: it opens from a CI artifact as it is.
 */
import { coverageDiagram, reachLegend } from './coverageDiagram';
import { escapeMarkup } from './escape';
import { screenCell, type MachineResult } from './report';

const html = escapeMarkup;
const pct = (a: number, b: number) => (b === 0 ? '–' : `${Math.round((a / b) * 100)} %`);

function machineSection(r: MachineResult): string {
  const missingStates = new Set(r.coverage.states.missing);
  const missingTransitions = new Set(r.coverage.transitions.missing);
  const far = new Set([...(r.coverage.outOfReach?.states ?? []), ...(r.coverage.outOfReach?.transitions ?? [])]);
  const mark = (key: string, missing: Set<string>) => (far.has(key) ? '<td class="far">out of reach</td>' : missing.has(key) ? '<td class="bad">never</td>' : '<td class="ok">✓</td>');
  const failed = r.cases.filter((c) => !c.ok);
  return `<section id="${html(r.machine)}">
<h2>${html(r.machine)} <small>${html(r.source)}</small></h2>
<p>${r.paths} paths, <b class="${failed.length ? 'bad' : 'ok'}">${failed.length} failed</b>; states visited ${r.coverage.states.visited}/${r.coverage.states.total} (${pct(r.coverage.states.visited, r.coverage.states.total)}), transitions taken ${r.coverage.transitions.visited}/${r.coverage.transitions.total} (${pct(r.coverage.transitions.visited, r.coverage.transitions.total)}). Through its screen: ${html(screenCell(r))}${'missing' in r.screen && r.screen.missing.length ? ` (not taken there: ${html(r.screen.missing.join(', '))})` : ''}${'missing' in r.screen && r.screen.offScreen ? ` (off screen, not counted: ${html(r.screen.offScreen.transitions.join(', '))}: ${html(r.screen.offScreen.why)})` : ''}. Diagram: <code>docs/machines/${html(r.machine)}.md</code>.</p>
${r.coverage.outOfReach ? `<p class="far">Out of reach, not counted: ${html(r.coverage.outOfReach.why)}</p>` : ''}
<figure class="diagram">${coverageDiagram(r)}</figure>
${failed
  .map(
    (c) => `<div class="failure"><h3>Path ${html(c.id)} failed <small>${html(c.run)}</small></h3>
<pre>${html(c.error ?? '')}</pre>
<ol>${(c.steps ?? []).map((s) => `<li><pre>${html(s.replace(/^\s*\d+\.\s*/, ''))}</pre></li>`).join('')}</ol>
<p>Replay: <code>npm run qa -- --machine ${html(r.machine)} --path ${html(c.id)}</code></p></div>`,
  )
  .join('\n')}
<details><summary>States (${r.stateList.length})</summary><table><tr><th>state</th><th>visited</th></tr>${r.stateList.map((s) => `<tr><td>${html(s)}</td>${mark(s, missingStates)}</tr>`).join('')}</table></details>
<details><summary>Transitions (${r.transitionList.length})</summary><table><tr><th>from</th><th>event</th><th>to</th><th>taken</th></tr>${r.transitionList
    .map((t) => `<tr><td>${html(t.source)}</td><td>${html(t.event)}</td><td>${html(t.targets.join(', ') || '(stays)')}</td>${mark(t.key, missingTransitions)}</tr>`)
    .join('')}</table></details>
<details><summary>Paths (${r.cases.length})</summary><table><tr><th>id</th><th>run</th><th>result</th><th>ms</th></tr>${r.cases
    .map((c) => `<tr><td><code>${html(c.id)}</code></td><td>${html(c.run)}</td>${c.ok ? '<td class="ok">passed</td>' : '<td class="bad">failed</td>'}<td>${c.ms.toFixed(0)}</td></tr>`)
    .join('')}</table></details>
</section>`;
}

export function htmlReport(results: MachineResult[], generatedAt = new Date()): string {
  const rows = results
    .map(
      (r) =>
        `<tr><td><a href="#${html(r.machine)}">${html(r.machine)}</a></td><td>${r.paths}</td><td class="${r.failed ? 'bad' : 'ok'}">${r.failed}</td><td>${r.coverage.states.visited}/${r.coverage.states.total}</td><td>${r.coverage.transitions.visited}/${r.coverage.transitions.total}</td><td class="${'reason' in r.screen ? 'far' : r.screen.missing.length ? 'bad' : 'ok'}">${html(screenCell(r))}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Machines: generated paths</title>
<style>body{font:14px/1.45 system-ui,sans-serif;background:#18181b;color:#e4e4e7;margin:2rem;max-width:70rem}a{color:#fb923c}table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #3f3f46;padding:.2rem .5rem;text-align:left}.ok{color:#4ade80}.bad{color:#f87171}.far{color:#a1a1aa}pre{white-space:pre-wrap;margin:0}.failure{border:1px solid #f87171;border-radius:.5rem;padding:.5rem 1rem;margin:1rem 0}small{color:#a1a1aa;font-weight:normal}.diagram{overflow-x:auto;margin:.5rem 0;border:1px solid #3f3f46;border-radius:.5rem;padding:.5rem}.legend span{margin-right:1rem}</style></head>
<body><h1>Machines: generated paths, played with their oracles</h1><p>${html(generatedAt.toISOString())}. The paths played through the screens, with the last screen of each that failed: <a href="screens.html">screens.html</a> (written by <code>npm run qa -- --ui --all</code> or <code>--path ID --ui</code>).</p>
${reachLegend()}
<table><tr><th>machine</th><th>paths</th><th>failed</th><th>states visited</th><th>transitions taken</th><th>through its screen (<code>npm test</code>'s set)</th></tr>${rows}</table>
${results.map(machineSection).join('\n')}
</body></html>
`;
}
