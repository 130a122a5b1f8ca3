import { useLL } from '../app/I18nProvider';

/** The product logo with its name. */
export function BrandLogo({ showName = true }: { showName?: boolean }) {
  const LL = useLL();
  return (
    <span className="inline-flex items-center gap-3">
      <img src="/logo.svg" alt={showName ? '' : LL.common.appName()} width={40} height={40} className="size-10" />
      {showName && <span className="text-xl font-extrabold tracking-tight text-fg">{LL.common.appName()}</span>}
    </span>
  );
}
