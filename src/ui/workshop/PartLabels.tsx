/**
 * A label for every placed part, in sheet order: its number on the diagram, cabinet, part name,
 * finished size, material, a grain arrow when the material has one, and a QR code opening the
 * shared link on the part's cabinet with the part selected. A4 sheets of 3 x 7 or a label roll,
 * like the cabinet labels; the print stylesheet prints the labels only.
 */
import type { LabelFormat } from '../../machines/projects/labelsMachine';
import type { PartLabel } from '../../machines/projects/workshopView';
import type { DistanceUnit } from '../../machines/types';
import { useLL, useLocale } from '../app/I18nProvider';
import { chunks, LABEL_GEOMETRY } from '../labels/labelFormats';
import { QrCode } from '../labels/QrCode';
import { sizeText } from './lengths';

export function PartLabels({ labels, format, unit }: { labels: PartLabel[]; format: LabelFormat; unit: DistanceUnit }) {
  const geometry = LABEL_GEOMETRY[format];
  return (
    <div className="flex flex-col items-start gap-6 overflow-x-auto p-6 print:block print:p-0">
      <style>{`@media print { @page { size: ${geometry.page}; margin: ${geometry.margin}; } }`}</style>
      {chunks(labels, geometry.perPage).map((page, p) => (
        <section
          key={p}
          aria-label={`${p + 1}`}
          className="mx-auto grid shrink-0 content-start bg-white text-black shadow-lg print:shadow-none print:break-after-page"
          style={{
            gridTemplateColumns: `repeat(${geometry.columns}, ${geometry.width}mm)`,
            gridAutoRows: `${geometry.height}mm`,
            columnGap: `${geometry.gap}mm`,
            padding: format === 'a4' ? geometry.margin : 0,
          }}
          data-testid="part-label-page"
        >
          {page.map((label) => (
            <PartLabelCard key={label.number} label={label} roll={format === 'roll'} unit={unit} />
          ))}
        </section>
      ))}
    </div>
  );
}

function PartLabelCard({ label, roll, unit }: { label: PartLabel; roll: boolean; unit: DistanceUnit }) {
  const LL = useLL();
  const locale = useLocale();
  const size = sizeText([label.length, label.width, label.thickness], unit, locale);
  return (
    <article
      aria-label={`${label.number} ${label.name}`}
      className={`flex overflow-hidden ${roll ? 'flex-col items-center gap-[3mm] p-[4mm] text-center' : 'items-center gap-[1.5mm] p-[2mm]'}`}
      data-testid="part-label"
    >
      <QrCode text={label.url} label={`${label.number} ${label.name}`} className={`shrink-0 ${roll ? 'h-[48mm] w-[48mm]' : 'h-[30mm] w-[30mm]'}`} />
      <div className="min-w-0 leading-tight">
        <p className={`font-extrabold ${roll ? 'text-[20pt]' : 'text-[12pt]'}`}>
          {label.number}
          {label.grain ? (
            <span aria-label={LL.cutting.labels.grain()} className="ml-[2mm] font-normal">
              ⟷
            </span>
          ) : null}
        </p>
        <p className={`font-bold break-words ${roll ? 'text-[12pt]' : 'text-[7.5pt]'}`}>{label.name}</p>
        <p className={`break-words ${roll ? 'text-[10pt]' : 'text-[6.5pt]'}`}>{label.cabinet}</p>
        <p className={roll ? 'text-[10pt]' : 'text-[6.5pt]'}>{size}</p>
        <p className={`break-words ${roll ? 'text-[10pt]' : 'text-[6.5pt]'}`}>{label.material}</p>
      </div>
    </article>
  );
}
