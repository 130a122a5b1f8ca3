/**
 * The data sheet of the selected part (SPEC §2, §3): its name, its sizes (height/depth/width for
 * a cabinet, length/thickness/width for a panel) in the user's unit — with the size as the name
 * encodes it when that is another unit — and its additional information.
 */
import type { DistanceUnit } from '../../../machines/types';
import { convertDistance, type PartNode } from '../../../machines/viewer/viewerTypes';
import type { Locales } from '../../../i18n/i18n-types';
import { formatLength, formatUpTo } from '../../../i18n/numbers';
import { useLL, useLocale } from '../../app/I18nProvider';
import { InfoRows } from './InfoRows';

type SizeLabel = 'height' | 'depth' | 'width' | 'length' | 'thickness';

/** The dictionary keys of the size labels (`length` and `name` are reserved by the i18n proxy). */
const SIZE_KEYS = { height: 'height', depth: 'depth', width: 'width', length: 'partLength', thickness: 'thickness' } as const;

/** A size in the user's unit; the encoded size follows in brackets when it was in the other unit. Numbers as the user's language writes them. */
function sizeText(value: number, encodedUnit: DistanceUnit, unit: DistanceUnit, locale: Locales = 'en'): string {
  const encoded = `${formatUpTo(value, 3, locale)} ${encodedUnit}`;
  return encodedUnit === unit ? encoded : `${formatLength(unit, convertDistance(value, encodedUnit, unit), locale)} (${encoded})`;
}

export function DataSheetPanel({ part, unit }: { part: PartNode | null; unit: DistanceUnit }) {
  const LL = useLL();
  const locale = useLocale();
  if (!part) return <p className="text-sm text-fg-muted">{LL.viewer.noSelection()}</p>;
  const rows: Array<[string, string]> = [[LL.viewer.part.partName(), part.name]];
  part.size?.values.forEach((value, i) => {
    const label = part.size!.labels[i] as SizeLabel;
    rows.push([LL.viewer.part[SIZE_KEYS[label]](), sizeText(value, part.size!.unit, unit, locale)]);
  });
  if (part.additionalInfo) rows.push([LL.viewer.part.extraInfo(), part.additionalInfo]);
  return <InfoRows rows={rows} testId="data-sheet" />;
}
