/**
 * Machines reach their children one way: the parent's `sendTo(childId, ...)`, which the model-based
 * paths follow too (tests/helpers/modelMachine.ts stands a silent actor in for each invoked child).
 * A child looked up in a snapshot and sent to (`self.getSnapshot().children.x?.send(...)`) bypasses
 * that: it reads the snapshot before the transition and silently does nothing when the child is gone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const CHILD_SEND = /children(?:\.\w+|\[[^\]]+\])\??\.send\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line` of every child reached by `.send(` in these files. */
function childSends(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (CHILD_SEND.test(line) ? [`${relative(root, file)}:${i + 1}`] : [])),
  );
}

describe('machines reach their children with sendTo', () => {
  it('finds no child sent to with .send( in src/machines', () => {
    expect(childSends(sources(join(root, 'src/machines')))).toEqual([]);
  });

  it('would find one (the rule can fail)', () => {
    const planted = ['      self.getSnapshot().children.engineBridge?.send(command);', "    self.getSnapshot().children['share'].send({ type: 'share.close' });"];
    for (const line of planted) expect(CHILD_SEND.test(line), line).toBe(true);
    expect(CHILD_SEND.test("    command: sendTo('engineBridge', (_, command: EngineCommand) => command),")).toBe(false);
  });
});
