/**
 * The rename dialog (SPEC §5), bound to one rename actor: the field shows the rule it breaks,
 * Rename is enabled only when the name is valid and different, Enter submits, Escape cancels.
 */
import { Field, Input, Label } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { canRename, type renameMachine } from '../../machines/projects/renameMachine';
import { PROJECT_NAME_MAX, type ProjectNameError } from '../../machines/types';
import { useLL } from '../app/I18nProvider';
import { fieldClass, labelClass, primaryButtonClass, secondaryButtonClass } from '../common/controlStyles';
import { AppDialog } from './AppDialog';

type RenameActor = ActorRefFrom<typeof renameMachine>;

export function RenameDialog({ actor }: { actor: RenameActor }) {
  const LL = useLL();
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const errors: Record<ProjectNameError, string> = {
    tooLong: LL.dialogs.rename.maxCharacters({ max: PROJECT_NAME_MAX }),
    tooShort: LL.dialogs.rename.minCharacters(),
    invalidCharacters: LL.dialogs.rename.invalidCharacters(),
  };
  const message = context.error ? errors[context.error] : context.saveFailed ? LL.dialogs.rename.saveFailed() : null;
  const cancel = () => actor.send({ type: 'rename.cancel' });
  return (
    <AppDialog
      open
      onClose={cancel}
      title={LL.dialogs.rename.title()}
      onSubmit={() => actor.send({ type: 'rename.submit' })}
      actions={
        <>
          <button type="button" className={secondaryButtonClass} onClick={cancel}>
            {LL.common.cancel()}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={busy || !canRename(context)}>
            {LL.actions.rename()}
          </button>
        </>
      }
    >
      <Field>
        <Label className={labelClass}>{LL.dialogs.rename.label()}</Label>
        <Input
          autoFocus
          value={context.name}
          disabled={busy}
          invalid={context.error !== null}
          aria-describedby="rename-message rename-count"
          onChange={(e) => actor.send({ type: 'rename.change', name: e.target.value })}
          onFocus={(e) => e.currentTarget.select()}
          className={fieldClass}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="mt-1.5 flex items-start justify-between gap-3 text-sm">
          <p id="rename-message" role={message ? 'alert' : undefined} className="text-danger">
            {message}
          </p>
          <p id="rename-count" className={`shrink-0 tabular-nums ${context.name.length > PROJECT_NAME_MAX ? 'text-danger' : 'text-fg-subtle'}`}>
            {context.name.length}/{PROJECT_NAME_MAX}
          </p>
        </div>
      </Field>
    </AppDialog>
  );
}
