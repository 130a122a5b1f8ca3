/**
 * A read-only text with a copy-to-clipboard button (SPEC §2): its tooltip says Copy to clipboard,
 * then Copied! for two seconds, which also shows under the field (and is announced). The link to
 * share is one line; the HTML that embeds a link is a few (multiline).
 */
import { Description, Field, Input, Label, Textarea } from '@headlessui/react';
import { useEffect, useId, useState } from 'react';
import { useLL } from '../app/I18nProvider';
import { fieldClass, labelClass } from './controlStyles';
import { CopyIcon } from './actionIcons';

const COPIED_MS = 2000;

interface CopyFieldProps {
  label: string;
  value: string;
  multiline?: boolean;
  /** A line under the field that says what to do with it. */
  hint?: string;
}

export function CopyField({ label, value, multiline = false, hint }: CopyFieldProps) {
  const LL = useLL();
  const labelId = useId();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const tip = copied ? LL.panels.project.copied() : LL.panels.project.copy();
  const select = (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => e.currentTarget.select();
  return (
    <Field>
      <Label id={labelId} className={labelClass}>
        {label}
      </Label>
      <div className="flex gap-2">
        {multiline ? (
          <Textarea readOnly value={value} rows={3} onFocus={select} className={`${fieldClass} min-w-0 resize-none font-mono text-sm break-all`} />
        ) : (
          <Input readOnly value={value} onFocus={select} className={`${fieldClass} min-w-0 font-mono text-sm`} />
        )}
        <button
          type="button"
          onClick={copy}
          aria-label={tip}
          aria-describedby={labelId}
          title={tip}
          className="relative flex size-11 shrink-0 items-center justify-center rounded-lg border border-border text-fg-muted hover:border-primary hover:text-fg"
        >
          <CopyIcon />
        </button>
      </div>
      {hint ? <Description className="mt-1 text-sm text-fg-muted">{hint}</Description> : null}
      <p role="status" className="mt-1 min-h-5 text-sm font-semibold text-primary">
        {copied ? LL.panels.project.copied() : ''}
      </p>
    </Field>
  );
}

/** The project's public link to share. */
export function CopyLinkField({ url }: { url: string }) {
  const LL = useLL();
  return <CopyField label={LL.panels.project.linkToShare()} value={url} />;
}
