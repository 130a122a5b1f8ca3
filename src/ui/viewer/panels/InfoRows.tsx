/** A small label/value list: the project panels, the data sheet and the debug window. */
export function InfoRows({
  rows,
  className = 'grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-1.5 text-sm',
  testId,
}: {
  rows: Array<[string, string]>;
  /** The list's layout; the default is the panels' two columns. */
  className?: string;
  testId?: string;
}) {
  return (
    <dl className={className} data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-fg-muted">{label}</dt>
          <dd className="break-words text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
