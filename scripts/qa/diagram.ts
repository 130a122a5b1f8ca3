/**
 * Mermaid state diagrams of the machines, generated from the machines themselves:
 * docs/machines/<name>.md holds the diagram and a table of every transition. A vitest test
 * (tests/machines/diagrams.test.ts) fails when a file no longer matches its machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { machineShape } from '../../tests/helpers/coverage';

interface NodeLike {
  key: string;
  path: string[];
  type: string;
  initial?: { target: NodeLike[] };
  states: Record<string, NodeLike>;
}

export const DIAGRAM_DIR = join('docs', 'machines');

const id = (path: string[]) => (path.length ? path.join('_') : 'root');

/** `xstate.done.actor.save` -> `done(save)`; `xstate.after.200.x` -> `after 200 ms`; an unnamed invoke by its state. */
export function eventLabel(event: string): string {
  return event
    .replace(/^xstate\.(done|error)\.actor\.\d+\.(?:[\w-]+\.)*([\w-]+)$/, '$1(invoke of $2)')
    .replace(/^xstate\.(done|error)\.actor\.(.+)$/, '$1($2)')
    .replace(/^xstate\.done\.state\.(.+)$/, 'done($1)')
    .replace(/^xstate\.after\.(\d+)\..*$/, 'after $1 ms');
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guarded';
}

function statesBlock(node: NodeLike, indent: string, lines: string[]) {
  const children = Object.values(node.states);
  if (node.type !== 'parallel' && node.initial?.target[0]) lines.push(`${indent}[*] --> ${id(node.initial.target[0].path)}`);
  for (const child of children) {
    if (Object.keys(child.states).length) {
      lines.push(`${indent}state "${child.key}${child.type === 'parallel' ? ' (parallel)' : ''}" as ${id(child.path)} {`);
      statesBlock(child, `${indent}  `, lines);
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state "${child.key}" as ${id(child.path)}`);
      if (child.type === 'final') lines.push(`${indent}${id(child.path)} --> [*]`);
    }
  }
}

/** The whole Markdown file for one machine. */
export function diagramOf(name: string, machine: AnyStateMachine, source: string): string {
  const root = machine.root as unknown as NodeLike;
  const shape = machineShape(machine);
  const lines: string[] = ['stateDiagram-v2'];
  statesBlock(root, '  ', lines);
  const rows: string[] = [];
  for (const t of shape.transitions) {
    const guard = guardName(findGuard(machine, t.key));
    const label = `${eventLabel(t.event)}${guard ? ` [${guard}]` : ''}`;
    if (t.source !== '(root)') {
      const from = t.source.split('.').join('_');
      for (const target of t.targets.length ? t.targets : [t.source]) {
        if (target === '(root)') continue;
        lines.push(`  ${from} --> ${target.split('.').join('_')} : ${label}`);
      }
    }
    rows.push(`| ${t.source} | ${eventLabel(t.event)} | ${guard ?? ''} | ${t.targets.length ? t.targets.join(', ') : '(stays)'} |`);
  }
  return [
    `# ${name} machine`,
    '',
    `Generated from \`${source}\` by \`npm run qa -- --diagrams\`; do not edit (a test compares it with the machine).`,
    `${shape.states.length} states, ${shape.transitions.length} transitions. Transitions of the machine itself (source \`(root)\`) apply in every state and are listed in the table only.`,
    '',
    '```mermaid',
    ...lines,
    '```',
    '',
    '| from | event | guard | to |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** The guard of a transition, found by its key (`<source> <event>#<n>`). */
function findGuard(machine: AnyStateMachine, key: string): unknown {
  const match = /^(.+) (.+)#(\d+)$/.exec(key);
  if (!match) return null;
  const [, source, event, index] = match;
  let node = machine.root as unknown as { states: Record<string, unknown>; transitions: Map<string, { guard?: unknown }[]>; always?: { guard?: unknown }[] };
  if (source !== '(root)') for (const part of source.split('.')) node = node.states[part] as typeof node;
  const list = event === '(always)' ? node.always ?? [] : node.transitions.get(event) ?? [];
  return list[Number(index)]?.guard ?? null;
}

export function writeDiagrams(machines: Array<{ name: string; machine: AnyStateMachine; source: string }>): string[] {
  mkdirSync(DIAGRAM_DIR, { recursive: true });
  return machines.map(({ name, machine, source }) => {
    const file = join(DIAGRAM_DIR, `${name}.md`);
    writeFileSync(file, diagramOf(name, machine, source));
    return file;
  });
}
