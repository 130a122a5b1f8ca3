import type { AnchorHTMLAttributes } from 'react';
import { useLL } from '../app/I18nProvider';

/** A link to another site: opens in a new tab, and says so to screen readers. */
export function ExternalLink({ children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const LL = useLL();
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> {LL.common.opensInNewTab()}</span>
    </a>
  );
}
