/**
 * Share from a card: the publish switch, the link to share and the HTML that embeds it in a web
 * page, and the share options, enabled only while the project is published, with the notice of
 * SPEC §2.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { embedSnippetOf, publicLinkOf } from '../../machines/projects/publicLink';
import type { shareMachine } from '../../machines/projects/shareMachine';
import { SHARE_OPTION_KEYS } from '../../machines/types';
import { useLL } from '../app/I18nProvider';
import { CopyLinkField, CopyField } from '../common/CopyLinkField';
import { SwitchField } from '../common/SwitchField';
import { AppDialog } from './AppDialog';
import { primaryButtonClass } from '../common/controlStyles';

type ShareActor = ActorRefFrom<typeof shareMachine>;

export function ShareDialog({ actor, origin = window.location.origin }: { actor: ShareActor; origin?: string }) {
  const LL = useLL();
  const { project, failed, closeRequested } = useSelector(actor, (s) => s.context);
  const close = () => actor.send({ type: 'share.close' });
  return (
    <AppDialog
      open={!closeRequested}
      onClose={close}
      size="md"
      title={LL.dialogs.share.title({ name: project.name })}
      actions={
        <button type="button" className={primaryButtonClass} onClick={close}>
          {LL.common.close()}
        </button>
      }
    >
      <div className="flex flex-col gap-4">
        <SwitchField label={LL.panels.share.publish()} checked={project.isPublished} onChange={(value) => actor.send({ type: 'share.publish', value })} />
        {project.isPublished ? (
          <>
            <CopyLinkField url={publicLinkOf(project.accessKey, origin)} />
            <CopyField
              label={LL.panels.share.embed()}
              value={embedSnippetOf(project.accessKey, origin, project.name)}
              hint={LL.panels.share.embedHint()}
              multiline
            />
          </>
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
        <p className="rounded-lg border border-info-border bg-info-surface px-3 py-2 text-sm text-fg">{LL.panels.share.notice()}</p>
        {failed ? (
          <p role="alert" className="text-sm text-danger">
            {LL.dialogs.share.saveFailed()}
          </p>
        ) : null}
      </div>
    </AppDialog>
  );
}
