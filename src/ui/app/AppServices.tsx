/** The long-lived actors and the runtime configuration, handed to views by context. */
import { createContext, useContext, type ReactNode } from 'react';
import type { AppActors } from '../../machines/appActors';
import type { ProjectServices } from '../../machines/projects/projectServices';
import type { RuntimeConfig } from '../../machines/types';
import type { ViewerContentServices } from '../../machines/viewer/notes/contentServices';
import type { ViewerServices } from '../../machines/viewer/viewerServices';

export interface AppServices extends AppActors {
  config: RuntimeConfig;
  /** The project machines bound to the API, and the upload actor. */
  projects: ProjectServices;
  /** The viewer machines bound to the API (the engine actors are bound per screen). */
  viewer: ViewerServices;
  /** Comments, hyperlinks and notice steps of the viewer, bound to the API. */
  content: ViewerContentServices;
}

const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>;
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices outside AppServicesProvider');
  return services;
}
