/** A labelled on/off switch (headless UI Switch: role switch, Space toggles). */
import { Field, Label, Switch } from '@headlessui/react';

export function SwitchField({ label, checked, disabled = false, onChange }: { label: string; checked: boolean; disabled?: boolean; onChange(value: boolean): void }) {
  return (
    <Field disabled={disabled} className="flex items-center justify-between gap-4 py-1.5 data-disabled:opacity-50">
      <Label className="text-sm text-fg">{label}</Label>
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-border-strong bg-surface-overlay transition-colors data-checked:border-primary data-checked:bg-primary data-disabled:cursor-not-allowed"
      >
        <span className="size-4 translate-x-1 rounded-full bg-fg transition-transform group-data-checked:translate-x-6 group-data-checked:bg-on-primary" />
      </Switch>
    </Field>
  );
}
