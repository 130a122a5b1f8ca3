/** The view tree: services, translations, routes. */
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { AppRouter } from '../router';
import { AppServicesProvider, type AppServices } from './AppServices';
import { I18nProvider } from './I18nProvider';

export function App({ services, router }: { services: AppServices; router: AppRouter }) {
  return (
    <StrictMode>
      <AppServicesProvider services={services}>
        <I18nProvider>
          <RouterProvider router={router} />
        </I18nProvider>
      </AppServicesProvider>
    </StrictMode>
  );
}
