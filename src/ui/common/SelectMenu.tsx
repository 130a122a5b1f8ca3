/** A compact select (headless UI Listbox): a button showing the choice, a list of options. */
import { Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import type { ReactNode } from 'react';
import { CheckIcon, ChevronDownIcon } from './actionIcons';

interface SelectOption<T extends string> {
  value: T;
  label: string;
  /** Shown before the label, in the button and the list. */
  adornment?: ReactNode;
}

interface SelectMenuProps<T extends string> {
  label: string;
  /** Show the label before the button; otherwise it only names the control. */
  showLabel?: boolean;
  value: T;
  options: SelectOption<T>[];
  onChange(value: T): void;
  className?: string;
  buttonClassName?: string;
  /** Tighter spacing for narrow places (a card of the list); the chosen label stays on one line either way. */
  dense?: boolean;
  /** Take the focus when mounted (a stand-in that had it was just replaced). */
  autoFocus?: boolean;
}

type FaceProps<T extends string> = Pick<SelectMenuProps<T>, 'value' | 'options' | 'dense' | 'buttonClassName'>;

const buttonClass = ({ dense, buttonClassName = '' }: Pick<FaceProps<string>, 'dense' | 'buttonClassName'>) =>
  `flex min-w-0 items-center ${dense ? 'gap-1.5 px-2.5' : 'gap-2 px-3'} rounded-lg border border-border bg-field py-2 text-sm text-fg transition-colors hover:border-border-strong data-open:border-primary ${buttonClassName}`;

/** The closed select's face: the choice on one line, cut with an ellipsis where narrow (whole in its tooltip). */
function Face<T extends string>({ value, options }: FaceProps<T>) {
  const current = options.find((o) => o.value === value);
  return (
    <>
      {current?.adornment}
      <span data-testid="select-choice" title={current?.label} className="min-w-0 truncate">
        {current?.label}
      </span>
      <ChevronDownIcon width={16} height={16} className="ml-auto shrink-0 text-fg-muted" />
    </>
  );
}

/**
 * The closed select's look without the Listbox behind it, for places that show many of them (a
 * card of the project list): focusing it asks its owner for the real one (`onActivate`).
 */
export function SelectMenuStandIn<T extends string>({ label, className = '', onActivate, ...face }: Omit<SelectMenuProps<T>, 'onChange' | 'showLabel' | 'autoFocus'> & { onActivate(): void }) {
  return (
    <div className={`flex min-w-0 items-center gap-2 ${className}`}>
      <button type="button" aria-label={label} aria-haspopup="listbox" aria-expanded={false} className={buttonClass(face)} onFocus={onActivate}>
        <Face {...face} />
      </button>
    </div>
  );
}

export function SelectMenu<T extends string>({ label, showLabel = false, value, options, onChange, className = '', buttonClassName = '', dense = false, autoFocus }: SelectMenuProps<T>) {
  return (
    <Listbox value={value} onChange={onChange}>
      <div className={`flex min-w-0 items-center gap-2 ${className}`}>
        <Label className={showLabel ? 'shrink-0 text-sm font-semibold text-fg-muted' : 'sr-only'}>{label}</Label>
        <ListboxButton autoFocus={autoFocus} className={buttonClass({ dense, buttonClassName })}>
          <Face value={value} options={options} />
        </ListboxButton>
      </div>
      <ListboxOptions
        anchor={{ to: 'bottom start', gap: 4 }}
        className="z-50 min-w-(--button-width) rounded-xl border border-border bg-surface-overlay p-1 shadow-2xl shadow-black/50 focus:outline-none"
      >
        {options.map((option) => (
          <ListboxOption
            key={option.value}
            value={option.value}
            className="group flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-fg data-focus:bg-surface-raised data-selected:font-bold"
          >
            {option.adornment}
            <span className="flex-1 whitespace-nowrap">{option.label}</span>
            <CheckIcon width={16} height={16} className="invisible text-primary group-data-selected:visible" />
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}
