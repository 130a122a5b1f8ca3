/** The delete confirmation (SPEC §2): `Are you sure you wish to delete "name"?`, Delete or Cancel. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { deleteMachine } from '../../machines/projects/deleteMachine';
import { useLL } from '../app/I18nProvider';
import { AppDialog } from './AppDialog';
import { dangerButtonClass, secondaryButtonClass } from '../common/controlStyles';

type DeleteActor = ActorRefFrom<typeof deleteMachine>;

export function DeleteDialog({ actor }: { actor: DeleteActor }) {
  const LL = useLL();
  const { name, failed } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const cancel = () => actor.send({ type: 'delete.cancel' });
  return (
    <AppDialog
      open
      onClose={cancel}
      role="alertdialog"
      title={LL.dialogs.delete.title()}
      description={LL.dialogs.delete.message({ name })}
      actions={
        <>
          <button type="button" className={secondaryButtonClass} onClick={cancel} disabled={busy}>
            {LL.common.cancel()}
          </button>
          <button type="button" className={dangerButtonClass} onClick={() => actor.send({ type: 'delete.confirm' })} disabled={busy}>
            {LL.actions.delete()}
          </button>
        </>
      }
    >
      {failed ? (
        <p role="alert" className="rounded-lg border border-danger-border bg-danger-surface px-3 py-2 text-sm text-danger">
          {LL.dialogs.delete.failed()}
        </p>
      ) : null}
    </AppDialog>
  );
}
