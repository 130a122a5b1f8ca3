/**
 * After a reload that stopped an upload (the browser keeps no file across it): says which file
 * stopped and offers to choose it again, which starts the upload again (a create, or the same
 * project's update); Close forgets it.
 */
import { useRef } from 'react';
import type { InterruptedUpload } from '../../machines/upload/uploadMachine';
import { MODEL_FILE_ACCEPT } from '../../machines/projects/modelFile';
import { useLL } from '../app/I18nProvider';
import { primaryButtonClass, secondaryButtonClass } from '../common/controlStyles';
import { AppDialog } from './AppDialog';

interface InterruptedUploadDialogProps {
  upload: InterruptedUpload | null;
  onFile(file: File): void;
  onClose(): void;
}

export function InterruptedUploadDialog({ upload, onFile, onClose }: InterruptedUploadDialogProps) {
  const LL = useLL();
  const T = LL.dialogs.interruptedUpload;
  const input = useRef<HTMLInputElement>(null);
  return (
    <AppDialog
      open={upload !== null}
      onClose={onClose}
      title={T.title()}
      description={T.message({ name: upload?.fileName ?? '' })}
      actions={
        <>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            {LL.common.close()}
          </button>
          <button type="button" className={primaryButtonClass} onClick={() => input.current?.click()}>
            {T.chooseAgain()}
          </button>
          <input
            ref={input}
            type="file"
            accept={MODEL_FILE_ACCEPT}
            hidden
            aria-label={T.chooseAgain()}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onFile(file);
            }}
          />
        </>
      }
    />
  );
}
