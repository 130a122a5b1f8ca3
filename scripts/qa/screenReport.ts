/**
 * What the paths through the screens did, for a person: `npm run qa -- --ui ...` has Playwright
 * write its JSON results, and this page (.tmp/qa/screens.html) lists each path played, by machine,
 * and for each that failed: its steps in words, the error, the last screen (a copy of Playwright's
 * screenshot), its trace and the command that replays it. The screenshots and traces are copied
 * beside the page (.tmp/qa/screens/), so the page keeps them when test-results/ is cleared.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { escapeMarkup } from './escape';

interface PwAttachment {
  name: string;
  path?: string;
}
interface PwResult {
  status: string;
  duration: number;
  error?: { message?: string };
  attachments?: PwAttachment[];
}
interface PwSpec {
  title: string;
  tests: Array<{ results: PwResult[] }>;
}
interface PwSuite {
  title: string;
  specs?: PwSpec[];
  suites?: PwSuite[];
}

export interface ScreenCase {
  machine: string;
  title: string;
  id: string | null;
  ok: boolean;
  ms: number;
  error?: string;
  screenshot?: string;
  trace?: string;
}

const html = escapeMarkup;
// Playwright's messages carry terminal colours.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** The cases of Playwright's JSON report: the machine from the describe block, the path id from the test's title. */
export function screenCases(json: { suites?: PwSuite[] }): ScreenCase[] {
  const cases: ScreenCase[] = [];
  const walk = (suite: PwSuite, machine: string) => {
    const named = /^the (\w+) machine's paths/.exec(suite.title)?.[1] ?? machine;
    for (const spec of suite.specs ?? []) {
      const result = spec.tests.at(-1)?.results.at(-1);
      if (!result || result.status === 'skipped') continue;
      const file = (name: string) => result.attachments?.find((a) => a.name === name && a.path)?.path;
      cases.push({
        machine: named,
        title: spec.title,
        id: /^path (\w+)/.exec(spec.title)?.[1] ?? null,
        ok: result.status === 'passed',
        ms: result.duration,
        ...(result.error?.message ? { error: plain(result.error.message) } : {}),
        ...(file('screenshot') ? { screenshot: file('screenshot') } : {}),
        ...(file('trace') ? { trace: file('trace') } : {}),
      });
    }
    for (const child of suite.suites ?? []) walk(child, named);
  };
  for (const suite of json.suites ?? []) walk(suite, /upload/i.test(suite.title) ? 'upload' : '');
  return cases;
}

/** Writes the page from Playwright's JSON results (those of the runs made), in `dir`; returns its path. */
export function writeScreenReport(resultsFiles: string[], dir: string): string | null {
  const found = resultsFiles.filter((f) => existsSync(f));
  if (found.length === 0) return null;
  const cases = found.flatMap((f) => screenCases(JSON.parse(readFileSync(f, 'utf8')) as { suites?: PwSuite[] }));
  const files = join(dir, 'screens');
  mkdirSync(files, { recursive: true });
  const keep = (from: string | undefined, name: string) => {
    if (!from || !existsSync(from)) return undefined;
    const to = join(files, name);
    copyFileSync(from, to);
    return relative(dir, to);
  };
  const machines = [...new Set(cases.map((c) => c.machine))];
  const sections = machines.map((machine) => {
    const mine = cases.filter((c) => c.machine === machine);
    const failed = mine.filter((c) => !c.ok);
    const failures = failed.map((c, i) => {
      const stem = `${machine}-${c.id ?? i}`;
      const shot = keep(c.screenshot, `${stem}${c.screenshot ? `-${basename(c.screenshot)}` : ''}`);
      const trace = keep(c.trace, `${stem}-trace.zip`);
      return `<div class="failure"><h3>${html(c.title.split(': ')[0])} failed</h3>
<ol>${c.title.split(': ').slice(1).join(': ').split(/, (?=[a-z]\w*\.[\w.]+)/).map((s) => `<li>${html(s)}</li>`).join('')}</ol>
<pre>${html(c.error ?? '')}</pre>
${shot ? `<p>The last screen:</p><img src="${html(shot)}" alt="${html(`the last screen of ${c.title.split(':')[0]}`)}">` : ''}
${trace ? `<p>Trace: <code>npx playwright show-trace ${html(join(dir, trace))}</code></p>` : ''}
${c.id ? `<p>Replay: <code>npm run qa -- --machine ${html(machine)} --path ${html(c.id)} --ui --headed</code></p>` : ''}</div>`;
    });
    return `<section id="${html(machine)}"><h2>${html(machine)}</h2><p>${mine.length} played, <b class="${failed.length ? 'bad' : 'ok'}">${failed.length} failed</b>.</p>
${failures.join('\n')}
<details><summary>Played (${mine.length})</summary><table><tr><th>path</th><th>result</th><th>s</th></tr>${mine
      .map((c) => `<tr><td>${html(c.title)}</td>${c.ok ? '<td class="ok">passed</td>' : '<td class="bad">failed</td>'}<td>${(c.ms / 1000).toFixed(1)}</td></tr>`)
      .join('')}</table></details></section>`;
  });
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Paths through the screens</title>
<style>body{font:14px/1.45 system-ui,sans-serif;background:#18181b;color:#e4e4e7;margin:2rem;max-width:80rem}table{border-collapse:collapse}td,th{border:1px solid #3f3f46;padding:.2rem .5rem;text-align:left}.ok{color:#4ade80}.bad{color:#f87171}pre{white-space:pre-wrap}.failure{border:1px solid #f87171;border-radius:.5rem;padding:.5rem 1rem;margin:1rem 0}img{max-width:100%;border:1px solid #3f3f46}</style></head>
<body><h1>Paths through the screens</h1><p>${cases.length} played, ${cases.filter((c) => !c.ok).length} failed. <a href="report.html" style="color:#fb923c">The machines' report</a></p>
${sections.join('\n')}
</body></html>
`;
  const out = join(dir, 'screens.html');
  writeFileSync(out, page);
  return out;
}
