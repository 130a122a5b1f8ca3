/**
 * The data sheet of the selected part (SPEC §2, §3): its name, its sizes (height/depth/width for
 * a cabinet, length/thickness/width for a panel) and its additional information.
 */
import { formatDimension, type PartNode } from '../../../machines/viewer/viewerTypes';
import { useLL } from '../../app/I18nProvider';
import { InfoRows } from './InfoRows';

type SizeLabel = 'height' | 'depth' | 'width' | 'length' | 'thickness';

/** The dictionary keys of the size labels (`length` and `name` are reserved by the i18n proxy). */
const SIZE_KEYS = { height: 'height', depth: 'depth', width: 'width', length: 'partLength', thickness: 'thickness' } as const;

export function DataSheetPanel({ part }: { part: PartNode | null }) {
  const LL = useLL();
  if (!part) return <p className="text-sm text-fg-muted">{LL.viewer.noSelection()}</p>;
  const rows: Array<[string, string]> = [[LL.viewer.part.partName(), part.name]];
  part.size?.values.forEach((value, i) => {
    const label = part.size!.labels[i] as SizeLabel;
    rows.push([LL.viewer.part[SIZE_KEYS[label]](), `${formatDimension(value)} ${part.size!.unit}`]);
  });
  if (part.additionalInfo) rows.push([LL.viewer.part.extraInfo(), part.additionalInfo]);
  return <InfoRows rows={rows} testId="data-sheet" />;
}
