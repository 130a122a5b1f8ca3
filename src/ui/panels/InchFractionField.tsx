/**
 * The fraction of an inch workshop measures round to (1/16, 1/32 or 1/64; none chosen is 1/16),
 * shown with the distance unit when it is inches; saved with the account like the unit.
 */
import { useSelector } from '@xstate/react';
import { INCH_FRACTIONS, type InchFraction } from '../../machines/types';
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';

export function InchFractionField() {
  const LL = useLL();
  const { settings } = useAppServices();
  const fraction = useSelector(settings, (s) => s.context.inchFraction) ?? 16;
  return (
    <label className="flex items-center justify-between gap-3">
      <span className="text-sm font-semibold text-fg">{LL.panels.user.inchFraction()}</span>
      <select
        value={fraction}
        onChange={(e) => settings.send({ type: 'settings.inchFractionChanged', fraction: Number(e.target.value) as InchFraction })}
        className="rounded-lg border border-border bg-field px-2 py-1.5 text-sm text-fg focus:border-primary"
      >
        {INCH_FRACTIONS.map((denominator) => (
          <option key={denominator} value={denominator}>
            {LL.panels.user.fraction({ denominator })}
          </option>
        ))}
      </select>
    </label>
  );
}
