/**
 * /projects/{id}/workshop (owner): the cutting diagrams of the current revision (panel saw or CNC
 * nesting), a label on every part, the cost estimate, and the materials and prices they use.
 * The page's machine computes the plan; this view shows it, prints it, and saves the CSV.
 */
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { use } from 'react';
import { LABEL_FORMATS, type LabelFormat } from '../../machines/projects/labelsMachine';
import { approvedBoardsOf, WORKSHOP_TABS, type WorkshopTab } from '../../machines/projects/workshopMachine';
import { cuttingCsv, cuttingFileName, partLabelsOf, type PackingMode } from '../../machines/projects/workshopView';
import type { DistanceUnit } from '../../machines/types';
import { useAppServices } from '../app/AppServices';
import { useDocumentTitle } from '../app/documentTitle';
import { useLL } from '../app/I18nProvider';
import { downloadTextFile } from '../viewer/panels/commentListFile';
import { MachiningTab } from '../machining/MachiningTab';
import { CuttingDiagrams } from './CuttingDiagrams';
import { EstimateView } from './EstimateView';
import { PartLabels } from './PartLabels';
import { QuoteTab } from './QuoteTab';
import { WorkshopSettingsForm } from './WorkshopSettingsForm';

const chip = (on: boolean) =>
  `rounded-lg border px-3 py-1.5 text-sm font-semibold ${on ? 'border-primary bg-primary text-on-primary' : 'border-border text-fg hover:border-primary'}`;

function Choice<T extends string>({ label, values, value, names, onChange }: { label: string; values: readonly T[]; value: T; names: Record<T, string>; onChange: (value: T) => void }) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap items-center gap-2">
      <span aria-hidden className="text-xs font-semibold text-fg-muted">
        {label}
      </span>
      {values.map((v) => (
        <button key={v} type="button" role="radio" aria-checked={value === v} onClick={() => onChange(v)} className={chip(value === v)}>
          {names[v]}
        </button>
      ))}
    </div>
  );
}

export function WorkshopScreen({ projectId }: { projectId: number }) {
  const LL = useLL();
  const T = LL.cutting;
  const { projects, settings } = useAppServices();
  const userUnit = useSelector(settings, (s) => s.context.unit);
  // Loaded with the page (the route's screen suspends until it is in).
  const machine = use(projects.machines.workshop());
  const actor = useActorRef(machine, { input: { projectId, origin: window.location.origin, unit: userUnit } });
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading'));
  const estimateState = useSelector(actor, (s) => (s.matches({ ready: { estimate: 'loaded' } }) ? 'loaded' : s.matches({ ready: { estimate: 'failed' } }) ? 'failed' : 'loading'));
  const saving = useSelector(actor, (s) => s.matches({ ready: { settings: 'saving' } }));
  const { project, plan, estimate, tab, mode, unit, labelFormat, draft, errors, saveFailed, approved } = useSelector(actor, (s) => s.context);
  const approvedBoards = approvedBoardsOf(approved);
  useDocumentTitle(project ? `${T.title()} – ${project.name}` : T.title(), 1);

  const tabLabels: Record<WorkshopTab, string> = { diagrams: T.tabs.diagrams(), labels: T.tabs.labels(), estimate: T.tabs.estimate(), quote: T.tabs.quote(), machining: T.tabs.machining(), settings: T.tabs.settings() };
  const modeNames: Record<PackingMode, string> = { guillotine: T.guillotine(), free: T.free() };
  const unitNames: Record<DistanceUnit, string> = { mm: 'mm', in: 'in' };
  const formatNames: Record<LabelFormat, string> = { a4: LL.workshop.labels.a4(), roll: LL.workshop.labels.roll() };
  const labels = plan && project?.isPublished ? partLabelsOf(plan, project.accessKey, window.location.origin) : [];

  return (
    <div className="min-h-dvh bg-surface text-fg print:bg-white print:text-black">
      <header className="flex flex-col gap-3 border-b border-border px-4 py-3 print:hidden">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Link to="/projects/$id" params={{ id: String(projectId) }} className="text-sm font-semibold text-primary hover:text-primary-hover">
            ← {T.back()}
          </Link>
          <h1 className="text-lg font-extrabold">
            {T.title()}
            {project ? ` – ${project.name}` : ''}
          </h1>
        </div>
        {state === 'ready' ? (
          <>
            <nav aria-label={T.title()} className="-mx-1 flex gap-1 overflow-x-auto" role="tablist">
              {WORKSHOP_TABS.map((t) => (
                <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => actor.send({ type: 'workshop.tab', tab: t })} className={`shrink-0 rounded-t-lg border-b-2 px-3 py-2 text-sm font-bold ${tab === t ? 'border-primary text-primary' : 'border-transparent text-fg-muted hover:text-fg'}`}>
                  {tabLabels[t]}
                </button>
              ))}
            </nav>
            {tab !== 'settings' && tab !== 'machining' && tab !== 'quote' ? (
              <div className="flex flex-wrap items-center gap-3">
                {tab !== 'labels' ? <Choice label={T.mode()} values={['guillotine', 'free'] as const} value={mode} names={modeNames} onChange={(m) => actor.send({ type: 'workshop.mode', mode: m })} /> : null}
                {tab === 'labels' ? <Choice label={T.labels.format()} values={LABEL_FORMATS} value={labelFormat} names={formatNames} onChange={(f) => actor.send({ type: 'workshop.labelFormat', format: f })} /> : null}
                <Choice label={T.unit()} values={['mm', 'in'] as const} value={unit} names={unitNames} onChange={(u) => actor.send({ type: 'workshop.unit', unit: u })} />
                <div className="flex gap-2 sm:ml-auto">
                  {tab === 'diagrams' && plan ? (
                    <button type="button" className={chip(false)} onClick={() => downloadTextFile(cuttingFileName(project?.name ?? ''), cuttingCsv(plan, unit), 'text/csv;charset=utf-8')}>
                      {T.downloadCsv()}
                    </button>
                  ) : null}
                  <button type="button" onClick={() => window.print()} className="rounded-lg bg-primary px-4 py-1.5 text-sm font-bold text-on-primary hover:bg-primary-hover">
                    {T.print()}
                  </button>
                </div>
              </div>
            ) : null}
          </>
        ) : null}
      </header>
      {state === 'loading' ? <p className="p-6 text-sm text-fg-muted">{T.loading()}</p> : null}
      {state === 'failed' ? (
        <p role="alert" className="p-6 text-sm text-danger">
          {T.loadFailed()}{' '}
          <button type="button" className="font-semibold text-primary" onClick={() => actor.send({ type: 'workshop.retry' })}>
            {LL.list.retry()}
          </button>
        </p>
      ) : null}
      {state === 'ready' && plan ? (
        <main>
          {approvedBoards.length > 0 && (tab === 'diagrams' || tab === 'labels') ? (
            <p className="px-6 pt-4 text-sm font-semibold" data-testid="approved-boards">
              {LL.workshop.quote.approvedBoards({ list: approvedBoards.map((b) => LL.workshop.quote.approvedBoard(b)).join(', ') })}
            </p>
          ) : null}
          {tab === 'diagrams' ? <CuttingDiagrams plan={plan} unit={unit} /> : null}
          {tab === 'labels' ? (
            project?.isPublished ? (
              <>
                <p className="px-6 pt-4 text-sm text-fg-muted print:hidden">{T.labels.count({ count: labels.length })}</p>
                <PartLabels labels={labels} format={labelFormat} unit={unit} />
              </>
            ) : (
              <p className="p-6 text-sm">{T.labels.notPublished()}</p>
            )
          ) : null}
          {tab === 'estimate' ? (
            <div className="max-w-4xl p-4 md:p-6">
              {estimateState === 'loading' ? <p className="text-sm text-fg-muted">{T.estimate.loading()}</p> : null}
              {estimateState === 'failed' ? (
                <p role="alert" className="text-sm text-danger">
                  {T.estimate.failed()}{' '}
                  <button type="button" className="font-semibold text-primary" onClick={() => actor.send({ type: 'workshop.retry' })}>
                    {LL.list.retry()}
                  </button>
                </p>
              ) : null}
              {estimateState === 'loaded' && estimate ? (
                <>
                  <EstimateView estimate={estimate} unit={unit} />
                  <p className="mt-3 text-xs text-fg-muted">{T.estimate.mode({ mode: modeNames[mode] })}</p>
                </>
              ) : null}
            </div>
          ) : null}
          {tab === 'quote' ? <QuoteTab projectId={projectId} projectName={project?.name ?? ''} unit={unit} /> : null}
          {tab === 'machining' ? <MachiningTab projectId={projectId} projectName={project?.name ?? ''} /> : null}
          {tab === 'settings' && draft ? (
            <WorkshopSettingsForm draft={draft} errors={errors} saving={saving} saveFailed={saveFailed} onChange={(d) => actor.send({ type: 'workshop.draft', draft: d })} onSave={() => actor.send({ type: 'workshop.save' })} />
          ) : null}
        </main>
      ) : null}
    </div>
  );
}
