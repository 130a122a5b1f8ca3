/**
 * /projects/{id}/labels (owner): a printable sheet of QR labels, one for the whole project and
 * one per cabinet, each opening the shared link isolated on its cabinet. A4 sheets of 3 x 7
 * labels (63.5 x 38.1 mm) or a roll of 62 x 100 mm labels, chosen on the page; the page's print
 * stylesheet prints the labels only, at their size.
 */
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { LABEL_FORMATS, type Label, type LabelFormat } from '../../machines/projects/labelsMachine';
import type { DistanceUnit } from '../../machines/types';
import { formatPartValue } from '../../machines/viewer/tools/partsListView';
import { useAppServices } from '../app/AppServices';
import { useDocumentTitle } from '../app/documentTitle';
import { useLL } from '../app/I18nProvider';
import { chunks, LABEL_GEOMETRY as FORMATS } from './labelFormats';
import { QrCode } from './QrCode';
import { RetryAlert } from '../common/RetryAlert';

export function LabelsScreen({ projectId }: { projectId: number }) {
  const LL = useLL();
  const T = LL.workshop.labels;
  const { projects, settings } = useAppServices();
  const unit = useSelector(settings, (s) => s.context.unit);
  const actor = useActorRef(projects.machines.labels, { input: { projectId, origin: window.location.origin } });
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : s.matches('unpublished') ? 'unpublished' : s.matches('failed') ? 'failed' : 'loading'));
  const { project, labels, format } = useSelector(actor, (s) => s.context);
  useDocumentTitle(project ? `${T.title()} – ${project.name}` : T.title(), 1);
  const geometry = FORMATS[format];
  const formatLabels: Record<LabelFormat, string> = { a4: T.a4(), roll: T.roll() };

  return (
    <div className="min-h-dvh bg-surface text-fg print:bg-white">
      <style>{`@page { size: ${geometry.page}; margin: ${geometry.margin}; }`}</style>
      <header className="flex flex-wrap items-center gap-4 border-b border-border px-4 py-3 print:hidden">
        <Link to="/projects/$id" params={{ id: String(projectId) }} className="text-sm font-semibold text-primary hover:text-primary-hover">
          ← {T.back()}
        </Link>
        <h1 className="text-lg font-extrabold">
          {T.title()}
          {project ? ` – ${project.name}` : ''}
        </h1>
        {state === 'ready' ? (
          <>
            <div role="radiogroup" aria-label={T.format()} className="flex gap-2">
              {LABEL_FORMATS.map((value) => (
                <button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={format === value}
                  onClick={() => actor.send({ type: 'labels.format', format: value })}
                  className={`rounded-lg border px-3 py-1.5 text-sm font-semibold ${format === value ? 'border-primary bg-primary text-on-primary' : 'border-border text-fg hover:border-primary'}`}
                >
                  {formatLabels[value]}
                </button>
              ))}
            </div>
            <span className="text-sm text-fg-muted">{T.count({ count: labels.length })}</span>
            <button type="button" onClick={() => window.print()} className="ml-auto rounded-lg bg-primary px-4 py-1.5 text-sm font-bold text-on-primary hover:bg-primary-hover">
              {T.print()}
            </button>
          </>
        ) : null}
      </header>
      {state === 'loading' ? <p className="p-6 text-sm text-fg-muted">{T.loading()}</p> : null}
      {state === 'unpublished' ? <p className="p-6 text-sm">{T.notPublished()}</p> : null}
      {state === 'failed' ? (
        <RetryAlert message={T.loadFailed()} onRetry={() => actor.send({ type: 'labels.retry' })} className="p-6" />
      ) : null}
      {state === 'ready' ? (
        <div className="flex flex-col items-center gap-6 p-6 print:block print:p-0">
          {chunks(labels, geometry.perPage).map((page, p) => (
            <section
              key={p}
              aria-label={`${p + 1}`}
              className="grid content-start bg-white text-black shadow-lg print:shadow-none print:break-after-page"
              style={{
                gridTemplateColumns: `repeat(${geometry.columns}, ${geometry.width}mm)`,
                gridAutoRows: `${geometry.height}mm`,
                columnGap: `${geometry.gap}mm`,
                padding: format === 'a4' ? geometry.margin : 0,
              }}
              data-testid="label-page"
            >
              {page.map((label) => (
                <LabelCard key={label.key} label={label} format={format} unit={unit} projectName={project?.name ?? ''} wholeProject={T.wholeProject()} />
              ))}
            </section>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function dimensionsText(label: Label, unit: DistanceUnit): string {
  const d = label.dimensions;
  if (!d) return '';
  return `${d.values.map((v) => formatPartValue(v, d.unit, unit, unit === 'in' ? 'fraction' : 'decimal')).filter(Boolean).join(' × ')} ${unit}`;
}

function LabelCard({ label, format, unit, projectName, wholeProject }: { label: Label; format: LabelFormat; unit: DistanceUnit; projectName: string; wholeProject: string }) {
  const title = label.name || projectName;
  const roll = format === 'roll';
  return (
    <article
      aria-label={title}
      className={`flex overflow-hidden p-[2mm] ${roll ? 'flex-col items-center gap-[3mm] p-[4mm] text-center' : 'items-center gap-[2mm]'}`}
      data-testid="qr-label"
    >
      <QrCode text={label.url} label={title} className={`shrink-0 ${roll ? 'h-[50mm] w-[50mm]' : 'h-[33mm] w-[33mm]'}`} />
      <div className="min-w-0 leading-tight">
        <p className={`font-extrabold break-words ${roll ? 'text-[14pt]' : 'text-[9pt]'}`}>{title}</p>
        <p className={roll ? 'text-[11pt]' : 'text-[7pt]'}>{label.name ? dimensionsText(label, unit) : wholeProject}</p>
        <p className={`break-words ${roll ? 'text-[10pt]' : 'text-[7pt]'}`}>{label.name ? [label.info, projectName].filter(Boolean).join(' · ') : ''}</p>
      </div>
    </article>
  );
}
