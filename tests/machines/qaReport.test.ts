/**
 * The QA report's pieces a person reads: the diagram drawn with coverage, and the page of paths
 * through the screens made from Playwright's results (its failures with their last screen).
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverageDiagram, reachOf, REACH_COLOURS } from '../../scripts/qa/coverageDiagram';
import type { MachineResult } from '../../scripts/qa/report';
import { screenCases, writeScreenReport } from '../../scripts/qa/screenReport';

function result(overrides: Partial<MachineResult> = {}): MachineResult {
  const transitionList = [
    { key: 'idle share.publish#0', source: 'idle', event: 'share.publish', targets: ['saving'] },
    { key: 'idle share.option#0', source: 'idle', event: 'share.option', targets: ['saving'] },
    { key: 'saving share.close#0', source: 'saving', event: 'share.close', targets: [] },
    { key: 'saving xstate.done.actor.patchProject#0', source: 'saving', event: 'xstate.done.actor.patchProject', targets: ['closed'] },
    { key: 'panel.open tools.close#0', source: 'panel', event: 'tools.close', targets: ['idle'] },
  ];
  return {
    machine: 'share',
    source: 'src/machines/projects/shareMachine.ts',
    testFile: 'tests/machines/shareMachine.test.ts',
    states: 5,
    transitions: transitionList.length,
    paths: 3,
    failed: 0,
    coverage: {
      states: { total: 5, visited: 4, missing: ['closed'] },
      transitions: { total: 5, visited: 4, missing: ['saving xstate.done.actor.patchProject#0'] },
    },
    cases: [],
    stateList: ['idle', 'saving', 'closed', 'panel', 'panel.open'],
    transitionList,
    screen: { taken: 1, total: 5, missing: ['idle share.option#0', 'saving share.close#0', 'saving xstate.done.actor.patchProject#0', 'panel.open tools.close#0'] },
    ...overrides,
  } as MachineResult;
}

describe('the diagram drawn with coverage', () => {
  it('tells each transition by how far it was taken: through its screen, on the actor only, never', () => {
    const reach = reachOf(result());
    expect(reach.get('idle share.publish#0')).toBe('screen');
    expect(reach.get('idle share.option#0')).toBe('taken');
    expect(reach.get('saving xstate.done.actor.patchProject#0')).toBe('never');
    // Without a screen driver, nothing is "through its screen".
    expect(reachOf(result({ screen: { reason: 'no screen driver yet' } })).get('idle share.publish#0')).toBe('taken');
    // A transition named off screen is not drawn as taken there.
    const named = result({ screen: { taken: 1, total: 4, missing: ['saving share.close#0'], offScreen: { transitions: ['idle share.publish#0'], why: 'another screen' } } });
    expect(reachOf(named).get('idle share.publish#0')).toBe('taken');
  });

  it('draws every state, nested ones inside their parent, and every event in its colour', () => {
    const svg = coverageDiagram(result());
    for (const state of ['idle', 'saving', 'closed', 'panel', 'open']) expect(svg).toContain(`>${state}</text>`);
    expect(svg).toMatch(new RegExp(`fill="${REACH_COLOURS.screen}">share\\.publish`));
    expect(svg).toMatch(new RegExp(`fill="${REACH_COLOURS.taken}">share\\.option`));
    expect(svg).toMatch(new RegExp(`fill="${REACH_COLOURS.never}">done\\(patchProject\\)`));
    // A transition that stays is written in its state's box.
    expect(svg).toContain('↻ share.close');
    // The never-visited state is outlined as missing.
    expect(svg).toMatch(new RegExp(`stroke="${REACH_COLOURS.never}"><title>closed: never visited`));
    expect(svg).toContain('tools.close (from panel)');
  });
});

const playwrightJson = (screenshot: string) => ({
  suites: [
    {
      title: 'screenPaths.spec.ts',
      suites: [
        {
          title: "the share machine's paths through its screen",
          specs: [
            { title: 'every event of its paths has a driver', tests: [{ results: [{ status: 'passed', duration: 5 }] }] },
            {
              title: 'path 9cfa5915 (share): share.publish value=true -> "saving", xstate.error.actor.patchProject -> "idle"',
              tests: [
                {
                  results: [
                    {
                      status: 'failed',
                      duration: 4200,
                      error: { message: '\u001b[31mError: step 2: the failure notice\u001b[39m' },
                      attachments: [{ name: 'screenshot', path: screenshot, contentType: 'image/png' }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
});

describe('the page of paths through the screens', () => {
  it("reads Playwright's results: the machine, the path's id, the error without colours, the screenshot", () => {
    const cases = screenCases(playwrightJson('/x/test-failed-1.png'));
    expect(cases.map((c) => [c.machine, c.id, c.ok])).toEqual([
      ['share', null, true],
      ['share', '9cfa5915', false],
    ]);
    expect(cases[1].error).toBe('Error: step 2: the failure notice');
    expect(cases[1].screenshot).toBe('/x/test-failed-1.png');
  });

  it('writes each failure with its steps, its last screen kept beside the page, and the command that replays it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qa-screens-'));
    const shot = join(dir, 'test-failed-1.png');
    writeFileSync(shot, 'png');
    const results = join(dir, 'results.json');
    writeFileSync(results, JSON.stringify(playwrightJson(shot)));
    const page = writeScreenReport([results, join(dir, 'absent.json')], join(dir, 'qa'))!;
    const text = readFileSync(page, 'utf8');
    expect(text).toContain('2 played, 1 failed');
    expect(text).toContain('<li>share.publish value=true -&gt; &quot;saving&quot;</li><li>xstate.error.actor.patchProject -&gt; &quot;idle&quot;</li>');
    expect(text).toContain('npm run qa -- --machine share --path 9cfa5915 --ui --headed');
    const img = /<img src="([^"]+)"/.exec(text)![1];
    expect(existsSync(join(dir, 'qa', img))).toBe(true);
    expect(writeScreenReport([join(dir, 'none.json')], join(dir, 'qa'))).toBeNull();
  });
});
