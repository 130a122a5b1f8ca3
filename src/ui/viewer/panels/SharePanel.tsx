/**
 * The owner's share panel (SPEC §2): the publish switch, the share options enabled only while
 * published, the link to share and the HTML that embeds it in a web page while published, and the
 * notice. It drives the share machine the project actions run while open.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { embedSnippetOf, publicLinkOf } from '../../../machines/projects/publicLink';
import type { shareMachine } from '../../../machines/projects/shareMachine';
import { SHARE_OPTION_KEYS } from '../../../machines/types';
import { useLL } from '../../app/I18nProvider';
import { CopyField, CopyLinkField } from '../../common/CopyLinkField';
import { SwitchField } from '../../common/SwitchField';

export function SharePanel({ actor, origin = window.location.origin }: { actor: ActorRefFrom<typeof shareMachine>; origin?: string }) {
  const LL = useLL();
  const { project, failed } = useSelector(actor, (s) => s.context);
  return (
    <div className="flex flex-col gap-4">
      <SwitchField label={LL.panels.share.publish()} checked={project.isPublished} onChange={(value) => actor.send({ type: 'share.publish', value })} />
      {project.isPublished ? (
        <CopyLinkField url={publicLinkOf(project.accessKey, origin)} />
      ) : (
        <p className="text-sm text-fg-muted">{LL.dialogs.share.notPublished()}</p>
      )}
      <fieldset disabled={!project.isPublished} className="rounded-xl border border-border px-4 py-2">
        <legend className="px-1 text-sm font-semibold text-fg">{LL.panels.share.options()}</legend>
        {SHARE_OPTION_KEYS.map((key) => (
          <SwitchField
            key={key}
            label={LL.panels.share[key]()}
            checked={project.shareOptions[key]}
            disabled={!project.isPublished}
            onChange={(value) => actor.send({ type: 'share.option', key, value })}
          />
        ))}
      </fieldset>
      {project.isPublished ? (
        <CopyField
          label={LL.panels.share.embed()}
          value={embedSnippetOf(project.accessKey, origin, project.name)}
          hint={LL.panels.share.embedHint()}
          multiline
        />
      ) : null}
      <p className="rounded-lg border border-info-border bg-info-surface px-3 py-2 text-sm text-fg">{LL.panels.share.notice()}</p>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {LL.dialogs.share.saveFailed()}
        </p>
      ) : null}
    </div>
  );
}
