/** The dialog the list actor has open (rename, delete, share), and the list's message dialog. */
import { useSelector } from '@xstate/react';
import { selectDialog, selectNotice } from '../../machines/projects/listSelectors';
import { MODEL_FORMATS_TEXT } from '../../machines/projects/modelFile';
import { useLL } from '../app/I18nProvider';
import { DeleteDialog } from '../dialogs/DeleteDialog';
import { MessageDialog } from '../dialogs/MessageDialog';
import { RenameDialog } from '../dialogs/RenameDialog';
import { ShareDialog } from '../dialogs/ShareDialog';
import type { ListActor } from './ListControls';

export function ListDialogs({ list }: { list: ListActor }) {
  const LL = useLL();
  const dialog = useSelector(list, selectDialog, (a, b) => a?.actor === b?.actor);
  const notice = useSelector(list, selectNotice);
  return (
    <>
      {dialog?.kind === 'rename' && <RenameDialog key={dialog.actor.id} actor={dialog.actor} />}
      {dialog?.kind === 'delete' && <DeleteDialog key={dialog.actor.id} actor={dialog.actor} />}
      {dialog?.kind === 'share' && <ShareDialog key={dialog.actor.id} actor={dialog.actor} />}
      <MessageDialog
        open={notice?.kind === 'unsupportedFile'}
        onClose={() => list.send({ type: 'list.dismissNotice' })}
        message={notice?.kind === 'unsupportedFile' ? `${LL.dialogs.message.unsupportedFile({ name: notice.name })} ${LL.list.acceptedFormats({ formats: MODEL_FORMATS_TEXT })}` : ''}
      />
    </>
  );
}
