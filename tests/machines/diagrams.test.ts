/** docs/machines holds one Mermaid diagram per machine, and each still matches its machine. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAGRAM_DIR, diagramOf } from '../../scripts/qa/diagram';
import { allMachines } from '../models';

describe('machine diagrams (docs/machines)', () => {
  for (const { name, machine, source } of allMachines) {
    it(`${name}: the diagram matches the machine (npm run qa -- --diagrams rewrites it)`, () => {
      const file = join(DIAGRAM_DIR, `${name}.md`);
      expect(existsSync(file), `${file} is missing`).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(diagramOf(name, machine, source));
    });
  }

  it('has no diagram of a machine that is gone', () => {
    const names = new Set(allMachines.map((m) => `${m.name}.md`));
    expect(readdirSync(DIAGRAM_DIR).filter((f) => !names.has(f))).toEqual([]);
  });

  it('draws every state and every transition with a target', () => {
    const upload = readFileSync(join(DIAGRAM_DIR, 'upload.md'), 'utf8');
    expect(upload).toContain('transferring_confirmingCredit --> idle : upload.creditRefused');
    expect(upload).toContain('state "confirmingCredit" as transferring_confirmingCredit');
  });
});
