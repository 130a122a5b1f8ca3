/**
 * The client's decision dialog on a link, bound to the link's approval actor: their name, the
 * revision and project they approve for production (or ask changes to), Approve (or Ask for
 * changes) and Cancel. A refusal says why in the
 * dialog and keeps the typed name; Approve stays off when sending again cannot help (the revision
 * changed: Reload shows the new one).
 */
import type { ReactNode } from 'react';
import { Field, Input, Label } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { APPROVER_NAME_MAX, approverNameError, canRetry, type approvalMachine } from '../../machines/viewer/review/approvalMachine';
import { useLL } from '../app/I18nProvider';
import { fieldClass, labelClass, primaryButtonClass, secondaryButtonClass } from '../common/controlStyles';
import { AppDialog } from './AppDialog';

export type ApprovalActor = ActorRefFrom<typeof approvalMachine>;

/** `summary`: what the approval goes with (the options chosen on the link and their total), shown above the name. */
export function ApprovalDialog({ actor, projectName, summary }: { actor: ApprovalActor; projectName: string; summary?: ReactNode }) {
  const LL = useLL();
  const open = useSelector(actor, (s) => s.hasTag('dialog'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const { name, failure, revisionNumber, kind } = useSelector(actor, (s) => s.context);
  const changes = kind === 'changes';
  const nameError = approverNameError(name);
  const message = failure
    ? LL.approval.failures[failure]()
    : nameError === 'tooLong'
      ? LL.approval.tooLong({ max: APPROVER_NAME_MAX })
      : nameError === 'invalidCharacters'
        ? LL.dialogs.rename.invalidCharacters() // SPEC §5's words for a name's invalid characters
        : null;
  const cancel = () => actor.send({ type: 'approval.cancel' });
  return (
    <AppDialog
      open={open}
      onClose={cancel}
      title={changes ? LL.approval.changesTitle() : LL.approval.title()}
      description={changes ? LL.approval.changesDescription({ n: revisionNumber, project: projectName }) : LL.approval.description({ n: revisionNumber, project: projectName })}
      onSubmit={() => actor.send({ type: 'approval.submit' })}
      actions={
        <>
          {failure === 'revisionChanged' ? (
            <button type="button" className={secondaryButtonClass} onClick={() => window.location.reload()}>
              {LL.approval.reload()}
            </button>
          ) : null}
          <button type="button" className={secondaryButtonClass} onClick={cancel}>
            {LL.common.cancel()}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={busy || nameError !== null || !canRetry(failure)}>
            {changes ? LL.approval.askForChanges() : LL.approval.approve()}
          </button>
        </>
      }
    >
      {summary && !changes ? <div className="mb-3">{summary}</div> : null}
      <Field>
        <Label className={labelClass}>{LL.approval.name()}</Label>
        <Input
          autoFocus
          value={name}
          disabled={busy}
          invalid={nameError === 'tooLong' || nameError === 'invalidCharacters'}
          aria-describedby="approval-message"
          onChange={(e) => actor.send({ type: 'approval.change', name: e.target.value })}
          className={fieldClass}
          autoComplete="name"
        />
      </Field>
      <p id="approval-message" role={message ? 'alert' : undefined} className="mt-1.5 text-sm text-danger">
        {message}
      </p>
      {busy ? (
        <p role="status" className="mt-1.5 text-sm text-fg-muted">
          {changes ? LL.approval.changesSending() : LL.approval.sending()}
        </p>
      ) : null}
    </AppDialog>
  );
}
