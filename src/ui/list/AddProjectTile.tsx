/** The first tile of the grid (SPEC §2): click (tap) to pick a model file, or drop one on it. */
import { useRef, useState, type DragEvent } from 'react';
import { MODEL_FILE_ACCEPT, MODEL_FORMATS_TEXT } from '../../machines/projects/modelFile';
import { useLL } from '../app/I18nProvider';
import { PlusIcon, UploadIcon } from '../common/actionIcons';
import { useTouchScreen } from '../common/useTouchScreen';

export function AddProjectTile({ onFile, disabled }: { onFile(file: File): void; disabled: boolean }) {
  const LL = useLL();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  // A finger taps, and has nothing to drop.
  const touch = useTouchScreen();
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files?.[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <li className="flex">
      <button
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        aria-describedby="add-project-hint"
        className={`flex min-h-56 w-full flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed p-4 text-center transition-colors disabled:cursor-wait disabled:opacity-60 ${
          over ? 'border-primary bg-primary/10' : 'border-border-strong bg-surface-raised/40 hover:border-primary hover:bg-surface-raised'
        }`}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-primary text-on-primary">
          {over ? <UploadIcon width={24} height={24} /> : <PlusIcon width={24} height={24} />}
        </span>
        <span className="font-bold text-fg">{over ? LL.list.dropToUpload() : LL.list.addProject()}</span>
        <span id="add-project-hint" className="text-xs text-fg-muted">
          {touch ? LL.list.addProjectHintTouch() : LL.list.addProjectHint()}
          <span className="mt-1 block text-fg-subtle">{LL.list.acceptedFormats({ formats: MODEL_FORMATS_TEXT })}</span>
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={MODEL_FILE_ACCEPT}
        hidden
        data-testid="add-project-input"
        aria-label={LL.list.chooseModel()}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </li>
  );
}
