/** The about panel (SPEC §2): logo, product website, privacy and terms, version. */
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { BrandLogo } from '../common/BrandLogo';
import { ExternalLink } from '../common/ExternalLink';
import { useExternalLinks } from '../common/useExternalLinks';
import { linkClass } from '../common/controlStyles';
import { SidePanel } from './SidePanel';

export function AboutPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const LL = useLL();
  const links = useExternalLinks();
  const { config } = useAppServices();
  return (
    <SidePanel open={open} onClose={onClose} title={LL.panels.about.title()}>
      <BrandLogo />
      <ul className="flex flex-col gap-3 text-sm">
        <li>
          <ExternalLink href={links.website} className={linkClass}>
            {LL.panels.about.website()}
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href={links.privacy} className={linkClass}>
            {LL.panels.about.privacy()}
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href={links.terms} className={linkClass}>
            {LL.panels.about.terms()}
          </ExternalLink>
        </li>
      </ul>
      <p className="mt-auto text-xs text-fg-subtle">{LL.common.version({ version: config.version })}</p>
    </SidePanel>
  );
}
