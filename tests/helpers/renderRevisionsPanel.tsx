/** The viewer's Revisions panel over a revisions actor, in a language, with the one service it reads. */
import type { Locales } from '../../src/i18n/i18n-types';
import { AppServicesProvider, type AppServices } from '../../src/ui/app/AppServices';
import { RevisionsPanel } from '../../src/ui/viewer/panels/RevisionsPanel';
import type { RevisionsActor } from '../../src/ui/viewer/viewerActors';
import { renderWithLocale } from './renderWithLocale';

export function renderRevisionsPanel(actor: RevisionsActor, locale: Locales) {
  // The panel's credit dialogs link to the account site: the only service it reads.
  const services = { config: { accountSiteUrl: 'https://account.test' } } as unknown as AppServices;
  return renderWithLocale(
    <AppServicesProvider services={services}>
      <RevisionsPanel actor={actor} />
    </AppServicesProvider>,
    locale,
  );
}
