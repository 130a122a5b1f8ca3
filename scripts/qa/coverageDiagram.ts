/**
 * A machine's state diagram drawn with what the QA run covered, for the HTML report: states as boxes
 * (nested states inside their parent), transitions as arrows labelled with their events (those that
 * stay in their state written in its box, marked ↻), each event
 * coloured by how far it was taken (through its screen by `npm test`'s set, by the generated paths
 * on the actor only, never, or out of reach). Laid out by dagre (@dagrejs/dagre), drawn as inline
 * SVG: the report stays one file with nothing fetched.
 */
import dagre from '@dagrejs/dagre';
import { eventLabel } from './diagram';
import { escapeMarkup } from './escape';
import type { MachineResult } from './report';

export type Reach = 'screen' | 'taken' | 'never' | 'far';

export const REACH_COLOURS: Record<Reach, string> = { screen: '#fb923c', taken: '#4ade80', never: '#f87171', far: '#a1a1aa' };
export const REACH_WORDS: Record<Reach, string> = {
  screen: 'taken through its screen',
  taken: 'taken by the generated paths (actor only)',
  never: 'never taken',
  far: 'out of reach (named)',
};
const WORST: Reach[] = ['never', 'far', 'taken', 'screen'];

const FONT = 12;
const CHAR = 7;
const ROOT = '(root)';
const esc = escapeMarkup;

/** How far each transition of the result was taken, by its key. */
export function reachOf(r: MachineResult): Map<string, Reach> {
  const never = new Set(r.coverage.transitions.missing);
  const far = new Set(r.coverage.outOfReach?.transitions ?? []);
  const offScreen = 'missing' in r.screen ? new Set([...r.screen.missing, ...(r.screen.offScreen?.transitions ?? [])]) : null;
  return new Map(
    r.transitionList.map((t) => [t.key, far.has(t.key) ? 'far' : never.has(t.key) ? 'never' : offScreen && !offScreen.has(t.key) ? 'screen' : 'taken'] as const),
  );
}

interface Arrow {
  from: string;
  to: string;
  events: Array<{ text: string; reach: Reach }>;
}

/** The SVG of the machine's diagram, coverage drawn. */
export function coverageDiagram(r: MachineResult): string {
  const reach = reachOf(r);
  const states = r.stateList.filter((s) => s !== ROOT);
  const isParent = (s: string) => states.some((other) => other.startsWith(`${s}.`));
  const parentOf = (s: string) => (s.includes('.') ? s.slice(0, s.lastIndexOf('.')) : null);
  /** An arrow from or to a parent state is drawn at its first leaf (dagre joins leaves only). */
  const leafOf = (s: string): string => (s === ROOT || !isParent(s) ? s : leafOf(states.find((other) => parentOf(other) === s)!));
  const neverVisited = new Set(r.coverage.states.missing);

  const arrows = new Map<string, Arrow>();
  for (const t of r.transitionList) {
    const from = leafOf(t.source);
    for (const target of t.targets.length ? t.targets : [t.source]) {
      const to = leafOf(target);
      const key = `${from}\u0000${to}`;
      const arrow = arrows.get(key) ?? { from, to, events: [] };
      const where = t.source !== from ? ` (from ${t.source})` : '';
      arrow.events.push({ text: `${eventLabel(t.event)}${where}`, reach: reach.get(t.key) ?? 'taken' });
      arrows.set(key, arrow);
    }
  }

  // A transition that stays (or comes back to its state) is written in its state's box, not drawn.
  const stays = new Map<string, Arrow['events']>();
  for (const [key, a] of arrows) {
    if (a.from !== a.to) continue;
    stays.set(a.from, a.events);
    arrows.delete(key);
  }
  const boxWidth = (label: string, events: Arrow['events']) => Math.max(70, label.length * CHAR + 24, ...events.map((e) => (e.text.length + 2) * CHAR + 16));
  const boxHeight = (events: Arrow['events']) => 32 + events.length * (FONT + 3);

  const g = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 24, ranksep: 70, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  const used = new Set([...[...arrows.values()].flatMap((a) => [a.from, a.to]), ...stays.keys()]);
  for (const s of states) {
    const label = s.split('.').at(-1)!;
    const own = stays.get(s) ?? [];
    if (isParent(s)) g.setNode(s, { label, paddingTop: 24 });
    else g.setNode(s, { label, width: boxWidth(label, own), height: boxHeight(own) });
  }
  const anyState = stays.get(ROOT) ?? [];
  if (used.has(ROOT)) g.setNode(ROOT, { label: 'in any state', width: boxWidth('in any state', anyState), height: boxHeight(anyState) });
  for (const s of states) {
    const parent = parentOf(s);
    if (parent && states.includes(parent)) g.setParent(s, parent);
  }
  [...arrows.values()].forEach((a, i) => {
    const width = Math.max(...a.events.map((e) => e.text.length)) * CHAR;
    g.setEdge(a.from, a.to, { width, height: a.events.length * (FONT + 3), labelpos: 'c' }, `a${i}`);
  });
  dagre.layout(g);

  const parts: string[] = [];
  for (const s of [...states, ...(used.has(ROOT) ? [ROOT] : [])]) {
    const n = g.node(s) as { x: number; y: number; width: number; height: number; label: string };
    const parent = s !== ROOT && isParent(s);
    const colour = s === ROOT ? '#a1a1aa' : neverVisited.has(s) ? REACH_COLOURS.never : '#e4e4e7';
    const x = n.x - n.width / 2;
    const y = n.y - n.height / 2;
    parts.push(
      `<rect x="${x}" y="${y}" width="${n.width}" height="${n.height}" rx="${parent ? 10 : 8}" fill="${parent ? 'none' : '#27272a'}" stroke="${colour}"${parent ? ' stroke-dasharray="4 3"' : ''}><title>${esc(s)}${neverVisited.has(s) ? ': never visited' : ''}</title></rect>`,
      parent
        ? `<text x="${x + 8}" y="${y + 16}" fill="${colour}" font-weight="bold">${esc(n.label)}</text>`
        : `<text x="${n.x}" y="${y + 20}" fill="${colour}" text-anchor="middle">${esc(n.label)}</text>`,
      ...(stays.get(s) ?? []).map(
        (ev, i) => `<text x="${n.x}" y="${y + 36 + i * (FONT + 3)}" fill="${REACH_COLOURS[ev.reach]}" text-anchor="middle">↻ ${esc(ev.text)}<title>${esc(`stays: ${REACH_WORDS[ev.reach]}`)}</title></text>`,
      ),
    );
  }
  for (const e of g.edges()) {
    const a = [...arrows.values()][Number(e.name!.slice(1))];
    const edge = g.edge(e) as { points: Array<{ x: number; y: number }>; x: number; y: number; height: number };
    const colour = REACH_COLOURS[WORST.find((w) => a.events.some((ev) => ev.reach === w))!];
    const d = edge.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
    parts.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="1.4" marker-end="url(#arrow-${esc(r.machine)})"/>`);
    const top = edge.y - edge.height / 2 + FONT;
    parts.push(
      `<text x="${edge.x}" y="${top}" text-anchor="middle">${a.events
        .map((ev, i) => `<tspan x="${edge.x}" dy="${i ? FONT + 3 : 0}" fill="${REACH_COLOURS[ev.reach]}">${esc(ev.text)}<title>${esc(REACH_WORDS[ev.reach])}</title></tspan>`)
        .join('')}</text>`,
    );
  }
  const { width = 0, height = 0 } = g.graph();
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${esc(`${r.machine}: states and transitions, coverage drawn`)}" viewBox="0 0 ${Math.ceil(width)} ${Math.ceil(height)}" width="${Math.ceil(width)}" font-family="system-ui,sans-serif" font-size="${FONT}">
<defs><marker id="arrow-${esc(r.machine)}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#a1a1aa"/></marker></defs>
${parts.join('\n')}
</svg>`;
}

/** The legend of the colours, as HTML. */
export function reachLegend(): string {
  return `<p class="legend">${(Object.keys(REACH_COLOURS) as Reach[]).map((k) => `<span style="color:${REACH_COLOURS[k]}">■ ${esc(REACH_WORDS[k])}</span>`).join(' ')}</p>`;
}
