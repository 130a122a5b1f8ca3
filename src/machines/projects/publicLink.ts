/** The public URL of a project (SPEC §2): the site origin plus /s/ plus the access key. */
import { publicUrlOf } from '../../api/schemas';

export const publicLinkOf = (accessKey: string, origin: string): string => publicUrlOf({ accessKey }, origin);

/** Text made safe inside a double-quoted HTML attribute. */
function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The HTML another site pastes to embed a shared link: an iframe of the link itself, so it shows
 * what the link shows, with the same share options. The project's name titles the frame (what a
 * screen reader announces), escaped.
 */
export function embedSnippetOf(accessKey: string, origin: string, projectName: string): string {
  const src = escapeAttribute(publicLinkOf(accessKey, origin));
  return `<iframe src="${src}" width="800" height="600" style="border:0" allow="fullscreen" loading="lazy" title="${escapeAttribute(projectName)}"></iframe>`;
}
