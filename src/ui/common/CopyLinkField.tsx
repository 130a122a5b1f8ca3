/**
 * A read-only link with a copy-to-clipboard button (SPEC §2): its tooltip says Copy to clipboard,
 * then Copied! for two seconds, which also shows under the field (and is announced).
 */
import { Field, Input, Label } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { useLL } from '../app/I18nProvider';
import { fieldClass, labelClass } from './controlStyles';
import { CopyIcon } from './actionIcons';

export const COPIED_MS = 2000;

export function CopyLinkField({ url }: { url: string }) {
  const LL = useLL();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const tip = copied ? LL.panels.project.copied() : LL.panels.project.copy();
  return (
    <Field>
      <Label className={labelClass}>{LL.panels.project.linkToShare()}</Label>
      <div className="flex gap-2">
        <Input readOnly value={url} onFocus={(e) => e.currentTarget.select()} className={`${fieldClass} min-w-0 font-mono text-sm`} />
        <button
          type="button"
          onClick={copy}
          aria-label={tip}
          title={tip}
          className="relative flex size-11 shrink-0 items-center justify-center rounded-lg border border-border text-fg-muted hover:border-primary hover:text-fg"
        >
          <CopyIcon />
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm font-semibold text-primary">
        {copied ? LL.panels.project.copied() : ''}
      </p>
    </Field>
  );
}
