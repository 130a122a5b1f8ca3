/**
 * The content slots of a viewer screen: the comments and hyperlinks panels (with their counts),
 * the hierarchy panel (selection, visibility eyes, search kept in the URL hash) and the step
 * navigator of the `filter` parameters, built on the content machines and the loaded model.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { noticeMachine } from '../../machines/viewer/noticeMachine';
import { selectModel } from '../../machines/viewer/viewerSelectors';
import type { PartTree } from '../../machines/viewer/viewerTypes';
import { useAppServices } from '../app/AppServices';
import { CommentsPanel } from './panels/CommentsPanel';
import { HierarchyPanel } from './panels/HierarchyPanel';
import { HyperlinksPanel } from './panels/HyperlinksPanel';
import { useFilterSteps } from './useFilterSteps';
import type { LoadActor, ToolsActor } from './viewerActors';

interface ContentOptions {
  ref: { id: number } | { accessKey: string };
  isPublicLink: boolean;
  projectName: string;
  authorName: string;
  authorAvatarUrl: string;
  tools: ToolsActor;
  load: LoadActor;
  notice: typeof noticeMachine;
}

/** The tree with each node's visibility as the engine last reported it. */
function withVisibility(tree: PartTree, hiddenIds: readonly string[]): PartTree {
  if (hiddenIds.length === 0) return tree;
  const hidden = new Set(hiddenIds);
  const nodes: PartTree['nodes'] = {};
  for (const [id, node] of Object.entries(tree.nodes)) nodes[id] = hidden.has(id) === !node.isVisible ? node : { ...node, isVisible: !hidden.has(id) };
  return { roots: tree.roots, nodes };
}

const hashSearch = () => decodeURIComponent(window.location.hash.replace(/^#/, ''));

export function useViewerContent({ ref, isPublicLink, projectName, authorName, authorAvatarUrl, tools, load, notice }: ContentOptions) {
  const { content } = useAppServices();
  const canCreate = !isPublicLink;
  // What the link's owner turned off is not fetched at all (the API would answer 404).
  const { permissions } = tools.getSnapshot().context;
  const comments = useActorRef(content.comments, { input: { ref, enabled: permissions.isCommentsVisible, canCreate: true, authorName, authorAvatarUrl } });
  const hyperlinks = useActorRef(content.hyperlinks, { input: { ref, enabled: permissions.isAttachmentVisible, canCreate, authorName, authorAvatarUrl } });
  const commentCount = useSelector(comments, (s) => s.context.comments.length);
  const hyperlinkCount = useSelector(hyperlinks, (s) => s.context.hyperlinks.length);
  const model = useSelector(load, selectModel);
  const selectedId = useSelector(tools, (s) => s.context.selectedId);
  const hiddenIds = useSelector(tools, (s) => s.context.hiddenIds);
  const tree = useMemo(() => (model ? withVisibility(model.tree, hiddenIds) : null), [model, hiddenIds]);
  const { stepNavigator, endFilter } = useFilterSteps(notice, load);
  // The hierarchy search text lives in the URL hash (SPEC §2).
  const [searchText, setSearchText] = useState(hashSearch);
  const changeSearch = (text: string) => {
    setSearchText(text);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${text ? `#${encodeURIComponent(text)}` : ''}`);
  };
  return {
    commentCount,
    hyperlinkCount,
    commentsPanel: <CommentsPanel actor={comments} isPublicLink={isPublicLink} projectName={projectName} />,
    hyperlinksPanel: <HyperlinksPanel actor={hyperlinks} />,
    stepNavigator,
    hierarchyPanel: tree ? (
      <HierarchyPanel
        tree={tree}
        selectedId={selectedId}
        onSelect={(id) => {
          endFilter();
          tools.send({ type: 'tools.select', partId: id });
        }}
        searchText={searchText}
        onSearchTextChange={changeSearch}
        onToggleVisibility={(id, isVisible) => tools.send({ type: 'tools.setVisible', ids: [id], isVisible })}
      />
    ) : undefined,
  };
}
