/**
 * The price of a selection of options: one function for the estimate on the link, the quote PDF
 * and the total an approval records.
 *
 * - The workshop parts take the boards of the chosen options (`withChoices`): a bound board part
 *   gets the choice's board as its material, a bound hardware item its name; the cutting plan and
 *   the estimate's board and hardware lines come from those parts, at the workshop's prices.
 * - Each group adds a line for its choice, from the parts the group binds in the model:
 *   per m²: the bound boards' area (length x width, one face, in m² to the thousandth) x price;
 *   per part: the bound parts (or hardware items) x price; fixed: the price once.
 *   The line says its difference to the model's own choice.
 * - The total is the sum of the estimate's lines and the option lines, each rounded to the cent.
 */
import { planCutting } from '../cutting/cuttingPlan';
import type { PackingMode } from '../cutting/packing';
import { estimateLines, totalOf, type EstimateLine } from '../cutting/estimate';
import type { WorkshopSettings } from '../cutting/workshopSettings';
import type { SheetPart, WorkshopParts } from '../cutting/workshopParts';
import { parsePartName } from '../parts/partName';
import type { NamedTree } from '../parts/partsList';
import { foldForSearch } from '../text/textFold';
import { chosenIn, type OptionLine, type QuoteChoice, type QuoteGroup, type QuoteOptions, type QuoteSelection } from './quoteOptions';

export interface Quote {
  lines: EstimateLine[];
  options: OptionLine[];
  total: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;
const same = (a: string, b: string) => foldForSearch(a.trim()) === foldForSearch(b.trim());

/** The parts a group binds in these workshop parts: board parts of its material, or hardware items of its name. */
export function boundBy(group: QuoteGroup, parts: WorkshopParts): { boards: SheetPart[]; items: number } {
  if (group.bind.kind === 'material') return { boards: parts.parts.filter((p) => same(p.material, group.bind.name)), items: 0 };
  return { boards: [], items: parts.hardware.filter((h) => same(h.name, group.bind.name)).reduce((sum, h) => sum + h.quantity, 0) };
}

/**
 * The nodes a group binds in the model's tree (node ids: glTF node indices): its board parts, or
 * the leaves that are not board parts and carry its hardware name. The viewer colours these.
 */
export function boundNodes(group: QuoteGroup, tree: NamedTree, parts: WorkshopParts): string[] {
  if (group.bind.kind === 'material') return boundBy(group, parts).boards.map((p) => p.id);
  const boards = new Set(parts.parts.map((p) => p.id));
  return Object.entries(tree.nodes)
    .filter(([id, node]) => !boards.has(id) && !node.children.some((c) => tree.nodes[c] !== undefined) && same(parsePartName(node.rawName, 'panel').displayName, group.bind.name))
    .map(([id]) => id);
}

/**
 * The part tree as the workshop makes it for an approved selection: each bound board part's
 * material, and each bound hardware item's name, replaced in its encoded name by the chosen
 * board or hardware (the rest of the name kept). What the parts list and the machining files are
 * made from once the client approved their choices.
 */
export function treeWithChoices(tree: NamedTree, parts: WorkshopParts, options: QuoteOptions, selection: QuoteSelection): NamedTree {
  const renamed = new Map<string, string>();
  for (const group of options.groups) {
    const choice = chosenIn(group, selection);
    if (choice === group.choices[0] || choice.board === '') continue;
    if (group.bind.kind === 'material') {
      for (const part of boundBy(group, parts).boards) {
        const raw = renamed.get(part.id) ?? tree.nodes[part.id]?.rawName;
        const bar = raw?.indexOf('|') ?? -1;
        if (raw === undefined || bar < 0) continue;
        const info = raw.slice(bar + 1);
        const at = info.indexOf(part.material);
        if (at >= 0) renamed.set(part.id, `${raw.slice(0, bar + 1)}${info.slice(0, at)}${choice.board}${info.slice(at + part.material.length)}`);
      }
    } else {
      for (const id of boundNodes(group, tree, parts)) {
        const raw = renamed.get(id) ?? tree.nodes[id].rawName;
        const name = parsePartName(raw, 'panel').displayName;
        const at = raw.indexOf(name);
        if (at >= 0 && name !== '') renamed.set(id, `${raw.slice(0, at)}${choice.board}${raw.slice(at + name.length)}`);
      }
    }
  }
  if (renamed.size === 0) return tree;
  const nodes = { ...tree.nodes };
  for (const [id, rawName] of renamed) nodes[id] = { ...nodes[id], rawName };
  return { roots: tree.roots, nodes };
}

/** How many parts (or items) a group binds: 0 means the group changes nothing in this model. */
export function boundCount(group: QuoteGroup, parts: WorkshopParts): number {
  const { boards, items } = boundBy(group, parts);
  return boards.length + items;
}

/** Square metres of one face of these boards, to the thousandth. */
export function boardArea(boards: readonly SheetPart[]): number {
  return Math.round(boards.reduce((sum, p) => sum + (p.length * p.width) / 1e6, 0) * 1000) / 1000;
}

function priced(choice: QuoteChoice, bound: { boards: SheetPart[]; items: number }): Pick<OptionLine, 'quantity' | 'unit' | 'unitPrice' | 'amount' | 'rule'> {
  const { kind, amount: price } = choice.price;
  if (kind === 'fixed') return { rule: kind, quantity: 1, unit: 'job', unitPrice: price, amount: cents(price) };
  if (kind === 'perPart') {
    const quantity = bound.boards.length + bound.items;
    return { rule: kind, quantity, unit: 'part', unitPrice: price, amount: cents(quantity * price) };
  }
  const quantity = boardArea(bound.boards);
  return { rule: kind, quantity, unit: 'm2', unitPrice: price, amount: cents(quantity * price) };
}

/** One line per group: the chosen choice priced on the parts the group binds in the model. */
export function optionLines(parts: WorkshopParts, options: QuoteOptions, selection: QuoteSelection): OptionLine[] {
  return options.groups.map((group) => {
    const bound = boundBy(group, parts);
    const choice = chosenIn(group, selection);
    const line = priced(choice, bound);
    const own = priced(group.choices[0], bound);
    return { group: group.id, groupName: group.name, choice: choice.id, choiceName: choice.name, ...line, difference: cents(line.amount - own.amount) };
  });
}

/** The workshop parts with the chosen boards and hardware: what the workshop cuts and buys for this selection. */
export function withChoices(parts: WorkshopParts, options: QuoteOptions, selection: QuoteSelection): WorkshopParts {
  let boards = parts.parts;
  const hardware = new Map(parts.hardware.map((h) => [foldForSearch(h.name.trim()), { ...h }]));
  for (const group of options.groups) {
    const choice = chosenIn(group, selection);
    if (choice.board === '' || choice === group.choices[0]) continue;
    if (group.bind.kind === 'material') {
      boards = boards.map((p) => (same(p.material, group.bind.name) ? { ...p, material: choice.board } : p));
    } else {
      const key = foldForSearch(group.bind.name.trim());
      const item = hardware.get(key);
      if (!item) continue;
      hardware.delete(key);
      const target = foldForSearch(choice.board.trim());
      const existing = hardware.get(target);
      if (existing) existing.quantity += item.quantity;
      else hardware.set(target, { name: choice.board, quantity: item.quantity });
    }
  }
  return { parts: boards, hardware: [...hardware.values()] };
}

/** The estimate of a selection: the cutting plan of the chosen boards at the workshop's prices, plus the option lines. */
export function quoteOf(parts: WorkshopParts, settings: WorkshopSettings, options: QuoteOptions, selection: QuoteSelection, mode: PackingMode = 'guillotine'): Quote {
  const lines = estimateLines(planCutting(withChoices(parts, options, selection), settings, mode), settings);
  const extra = optionLines(parts, options, selection);
  return { lines, options: extra, total: cents(totalOf(lines) + extra.reduce((sum, line) => sum + line.amount, 0)) };
}
