/**
 * The content slots of a viewer screen: the comments and hyperlinks panels (with their counts)
 * and the hierarchy panel, built on the content machines and the loaded model.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectModel } from '../../machines/viewer/viewerSelectors';
import { useAppServices } from '../app/AppServices';
import { CommentsPanel } from './panels/CommentsPanel';
import { HierarchyPanel } from './panels/HierarchyPanel';
import { HyperlinksPanel } from './panels/HyperlinksPanel';
import type { LoadActor, ToolsActor } from './viewerActors';

interface ContentOptions {
  ref: { id: number } | { accessKey: string };
  isPublicLink: boolean;
  projectName: string;
  authorName: string;
  authorAvatarUrl: string;
  tools: ToolsActor;
  load: LoadActor;
}

const hashSearch = () => decodeURIComponent(window.location.hash.replace(/^#/, ''));

export function useViewerContent({ ref, isPublicLink, projectName, authorName, authorAvatarUrl, tools, load }: ContentOptions) {
  const { content } = useAppServices();
  const canCreate = !isPublicLink;
  const comments = useActorRef(content.comments, { input: { ref, canCreate: true, authorName, authorAvatarUrl } });
  const hyperlinks = useActorRef(content.hyperlinks, { input: { ref, canCreate, authorName, authorAvatarUrl } });
  const commentCount = useSelector(comments, (s) => s.context.comments.length);
  const hyperlinkCount = useSelector(hyperlinks, (s) => s.context.hyperlinks.length);
  const model = useSelector(load, selectModel);
  const selectedId = useSelector(tools, (s) => s.context.selectedId);
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
    hierarchyPanel: model ? (
      <HierarchyPanel
        tree={model.tree}
        selectedId={selectedId}
        onSelect={(id) => tools.send({ type: 'tools.select', partId: id })}
        searchText={searchText}
        onSearchTextChange={changeSearch}
      />
    ) : undefined,
  };
}
