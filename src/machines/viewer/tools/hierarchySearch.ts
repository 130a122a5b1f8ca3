/**
 * Hierarchy search (SPEC §5): the query is split on commas or the whole words OR / OU
 * (any case), each term trimmed and lowercased, empty terms dropped. A node matches when its
 * display name or its material (what its extra info names, model/parts/partMaterial.ts: workshops search
 * by `oak veneer` or `HDF`) contains any term, accents and case aside (`chene` finds `Porte
 * chêne`). Results are node ids in tree order (depth first, roots first).
 */
import { materialOf } from '../../../model/parts/partMaterial';
import { foldForSearch } from '../../../model/text/textFold';
import type { PartNode, PartTree } from '../viewerTypes';

/** A comma, or OR / OU standing as a word of its own (letters around it make it part of a name). */
const SEPARATOR = /,|(?<![\p{L}\p{N}_])(?:or|ou)(?![\p{L}\p{N}_])/iu;

/** The search terms of a query, lowercased; empty when the query has none. */
export function searchTerms(query: string): string[] {
  return query
    .split(SEPARATOR)
    .map((term) => term.trim().toLowerCase())
    .filter((term) => term.length > 0);
}

/**
 * The search text kept in the URL hash (SPEC §2), decoded. A hash that is not valid
 * percent-encoding (`#50%`, a cut UTF-8 sequence) is ignored as if absent: a shared link with a
 * damaged address still opens, with an empty search box.
 */
export function searchTextFromHash(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
}

/** Node ids in tree order: each node before its children, siblings in order. */
export function treeOrder(tree: PartTree): string[] {
  const out: string[] = [];
  const stack = [...tree.roots].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    const node = tree.nodes[id];
    if (!node) continue;
    out.push(id);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return out;
}

/** The material a node's extra info names, or null. */
export function materialOfNode(node: PartNode): string | null {
  return node.additionalInfo ? materialOf(node.additionalInfo) : null;
}

const holdsAny = (text: string | null, terms: readonly string[]) => {
  if (text === null) return false;
  const folded = foldForSearch(text);
  return terms.some((term) => folded.includes(term));
};

/** Ids of the nodes whose name or material contains any term of the query, in tree order. */
export function searchTree(tree: PartTree, query: string): string[] {
  const terms = searchTerms(query).map(foldForSearch);
  if (terms.length === 0) return [];
  return treeOrder(tree).filter((id) => {
    const node = tree.nodes[id];
    return holdsAny(node.name, terms) || holdsAny(materialOfNode(node), terms);
  });
}

/** The material a node was found by when its name holds no term of the query (the row shows it), else null. */
export function foundByMaterial(node: PartNode, query: string): string | null {
  const terms = searchTerms(query).map(foldForSearch);
  if (terms.length === 0 || holdsAny(node.name, terms)) return null;
  const material = materialOfNode(node);
  return holdsAny(material, terms) ? material : null;
}

/**
 * Where Enter goes: the current result (the first one when the selection is not a result), or
 * the next one when the current result is already selected; after the last comes the first.
 * Null when there is no result.
 */
export function nextResult(results: readonly string[], currentId: string | null): string | null {
  if (results.length === 0) return null;
  const index = currentId === null ? -1 : results.indexOf(currentId);
  if (index < 0) return results[0];
  return results[(index + 1) % results.length];
}
