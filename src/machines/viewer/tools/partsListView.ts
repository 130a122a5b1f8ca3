/**
 * The parts list as the viewer's panel and the labels page read it: computed once per part tree
 * by the module the server's CSV uses (src/model/parts/partsList.ts), so the panel, the file and the
 * server's CSV agree.
 */
import { buildPartsList, type NamedTree, type PartsList } from '../../../model/parts/partsList';

export {
  CABINET_COLUMNS,
  formatPartValue,
  PANEL_COLUMNS,
  partsListCsv,
  partsListFileName,
  type InchStyle,
  type PartDimensions,
  type PartsList,
} from '../../../model/parts/partsList';

const lists = new WeakMap<NamedTree, PartsList>();

/** The parts list of a tree, computed once per tree object. */
export function partsListOf(tree: NamedTree): PartsList {
  let list = lists.get(tree);
  if (!list) {
    list = buildPartsList(tree);
    lists.set(tree, list);
  }
  return list;
}

/** The parts list of the viewer's loaded model, or null while none is loaded. */
export function selectPartsList(s: { context: { model: { tree: NamedTree } | null | undefined } }): PartsList | null {
  const tree = s.context.model?.tree;
  return tree ? partsListOf(tree) : null;
}
