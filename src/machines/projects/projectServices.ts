/**
 * The project machines with their effects bound to the API, and the application's one upload
 * actor. The composition root builds this once; views instantiate the provided machines
 * (`useActorRef(services.projects.machines.list)`) and talk to the upload actor.
 */
import { createActor, fromCallback, fromPromise, type CallbackActorLogic, type EventObject } from 'xstate';
import type { NamedTree } from '../../model/parts/partsList';
import type { Branding, Project, ProjectPatch, SubscriptionPlan } from '../../api/schemas';
import type { Estimate } from '../../model/cutting/estimate';
import type { PackingMode } from '../../model/cutting/packing';
import type { WorkshopSettings } from '../../model/cutting/workshopSettings';
import { loadOnce } from '../../model/loadOnce';
import type { QuoteOptions, QuoteSelection } from '../../model/quote/quoteOptions';
import type { ProjectQuote, UploadedTexture } from '../../api/quoteSchemas';
import { saveBlob } from '../viewer/tools/saveBlob';
import { labelsMachine, type LoadedLabels } from './labelsMachine';
import { quoteEditorMachine } from './quoteEditorMachine';
import type { LoadedWorkshop, WorkshopMachine } from './workshopMachine';
import { interruptedUploadStore } from '../upload/interruptedUpload';
import { uploadMachine, type SocketCommand, type SocketInput } from '../upload/uploadMachine';
import { memoryStorage, type KeyValueStorage } from '../storage/persisted';
import { listQueryStore } from './listQueryStore';
import { brandingMachine, type BrandingEvent, type LoadedBranding } from './brandingMachine';
import { deleteMachine } from './deleteMachine';
import { plansMachine } from './plansMachine';
import { LIST_PAGE_SIZE, type PageRequest, type ProjectPage } from './listPages';
import { projectListMachine, type SyncTask } from './projectListMachine';
import type { ProjectQuery } from './projectQuery';
import { renameMachine } from './renameMachine';
import { shareMachine } from './shareMachine';

/** The calls these machines make (the API client satisfies it). */
export interface ProjectsApi {
  /** One page of the list (GET projects?limit=&cursor=&search=&stage=&sort=&reversed=). */
  listProjectPage(query: ProjectQuery, limit: number, cursor?: string | null): Promise<ProjectPage>;
  getProject(id: number): Promise<Project>;
  /** `signal`: the save was replaced by a newer one (the share dialog), and its request is cancelled. */
  patchProject(id: number, patch: ProjectPatch, signal?: AbortSignal): Promise<void>;
  deleteProject(id: number): Promise<void>;
  activePlans(): Promise<SubscriptionPlan[]>;
  getBranding(): Promise<Branding>;
  getBrandingLogo(signal?: AbortSignal): Promise<Blob>;
  putBrandingLogo(file: Blob): Promise<void>;
  deleteBrandingLogo(): Promise<void>;
  secureToken(): Promise<{ secureToken: string }>;
  /** The part tree of the current revision (encoded names), for the labels. */
  getPartTree(id: number): Promise<NamedTree>;
  getWorkshopSettings(): Promise<WorkshopSettings>;
  putWorkshopSettings(settings: WorkshopSettings): Promise<WorkshopSettings>;
  getEstimate(ref: { id: number } | { accessKey: string }, mode?: PackingMode, options?: QuoteSelection): Promise<Estimate>;
  /** The owner's quote options, with the materials and hardware of the current revision to bind. */
  getProjectOptions(id: number): Promise<ProjectQuote>;
  putProjectOptions(id: number, options: QuoteOptions): Promise<ProjectQuote>;
  putQuoteTexture(id: number, file: Blob): Promise<UploadedTexture>;
  putDefaultQuoteOptions(options: QuoteOptions): Promise<QuoteOptions>;
  /** The quote of a selection as a PDF. */
  quotePdf(ref: { id: number }, options: QuoteSelection, lang: 'en' | 'fr'): Promise<Blob>;
}

/** Turns an image blob into a URL an <img> shows (a FileReader data URL in the app). */
type ImageUrlOf = (blob: Blob) => Promise<string>;

interface ProjectServicesDeps {
  api: ProjectsApi;
  /** The upload socket actor (createUploadSocketActor in the app, a fake in tests). */
  socket: CallbackActorLogic<SocketCommand, SocketInput>;
  imageUrlOf: ImageUrlOf;
  /** Where the list's step filter and sort are kept between visits (memory when absent). */
  storage?: KeyValueStorage;
  /** The tab's own storage (it survives a reload, other tabs do not see it): the upload a reload stopped. */
  tabStorage?: KeyValueStorage;
  /** The clock a conversion's time left counts down with (createConversionClockActor in the app; none when absent). */
  conversionClock?: CallbackActorLogic<EventObject>;
}

export function createProjectServices({ api, socket, imageUrlOf, storage = memoryStorage(), tabStorage = memoryStorage(), conversionClock }: ProjectServicesDeps) {
  const listQuery = listQueryStore(storage);
  const working = interruptedUploadStore(tabStorage);
  const upload = createActor(
    uploadMachine.provide({
      actors: {
        secureToken: fromPromise<string>(async () => (await api.secureToken()).secureToken),
        socket,
        ...(conversionClock ? { conversionClock } : {}),
      },
      actions: {
        rememberWork: (_, work) => working.save(work),
        forgetWork: () => working.clear(),
      },
    }),
  );
  upload.start();
  // An upload the last page was doing when it went away: said once, then forgotten.
  const interrupted = working.load();
  working.clear();
  if (interrupted) upload.send({ type: 'upload.interrupted', upload: interrupted });

  const rename = renameMachine.provide({
    actors: { renameProject: fromPromise<void, { id: number; name: string }>(({ input }) => api.patchProject(input.id, { name: input.name })) },
  });
  const remove = deleteMachine.provide({
    actors: { deleteProject: fromPromise<void, { id: number }>(({ input }) => api.deleteProject(input.id)) },
  });
  const share = shareMachine.provide({
    // A change made during a save replaces it: the replaced save's request is cancelled (its actor stops).
    actors: { patchProject: fromPromise<void, { id: number; patch: ProjectPatch }>(({ input, signal }) => api.patchProject(input.id, input.patch, signal)) },
  });
  const list = projectListMachine.provide({
    actions: { saveQuery: ({ context }) => listQuery.save({ stage: context.query.stage, sort: context.query.sort, reversed: context.query.reversed }) },
    actors: {
      loadPage: fromPromise<ProjectPage, PageRequest>(({ input }) => api.listProjectPage(input.query, LIST_PAGE_SIZE, input.cursor)),
      syncProject: fromPromise<Project, SyncTask>(async ({ input }) => {
        if (input.patch) await api.patchProject(input.id, input.patch);
        return api.getProject(input.id);
      }),
      uploadEvents: fromCallback(({ sendBack }) => {
        const created = upload.on('upload.created', ({ project }) => sendBack({ type: 'list.projectAdded', project }));
        const updated = upload.on('upload.updated', ({ project }) => sendBack({ type: 'list.projectUpdated', project }));
        return () => {
          created.unsubscribe();
          updated.unsubscribe();
        };
      }),
      rename,
      delete: remove,
      share,
    },
  });
  const plans = plansMachine.provide({ actors: { loadPlans: fromPromise<SubscriptionPlan[]>(() => api.activePlans()) } });
  // Every open branding actor hears of a logo change made by another one (the user panel and a viewer).
  const brandingListeners = new Set<() => void>();
  const logoChanged = () => brandingListeners.forEach((listener) => listener());
  const branding = brandingMachine.provide({
    actors: {
      brandingChanges: fromCallback<BrandingEvent>(({ sendBack }) => {
        const listener = () => sendBack({ type: 'branding.changed' });
        brandingListeners.add(listener);
        return () => void brandingListeners.delete(listener);
      }),
      loadBranding: fromPromise<LoadedBranding>(async ({ signal }) => {
        const { isCustomLogo } = await api.getBranding();
        const logo = await api.getBrandingLogo(signal).catch(() => null);
        return { isCustomLogo, logoUrl: logo ? await imageUrlOf(logo) : null };
      }),
      replaceLogo: fromPromise<void, { file: Blob }>(async ({ input }) => {
        await api.putBrandingLogo(input.file);
        logoChanged();
      }),
      removeLogo: fromPromise<void>(async () => {
        await api.deleteBrandingLogo();
        logoChanged();
      }),
    },
  });

  const labels = labelsMachine.provide({
    actors: {
      loadLabels: fromPromise<LoadedLabels, { projectId: number }>(async ({ input }) => {
        const [project, tree] = await Promise.all([api.getProject(input.projectId), api.getPartTree(input.projectId)]);
        return { project, tree };
      }),
    },
  });

  /**
   * The workshop's machine, loaded with its page (once, again after a failed load): it plans the
   * cutting diagrams with a packing library that no other page needs, and which would otherwise
   * be in the script every page loads first.
   */
  const workshop = loadOnce<WorkshopMachine>(() =>
    import('./workshopMachine').then(({ workshopMachine }) =>
      workshopMachine.provide({
        actors: {
          loadWorkshop: fromPromise<LoadedWorkshop, { projectId: number }>(async ({ input }) => {
            const [project, tree, settings, quote] = await Promise.all([
              api.getProject(input.projectId),
              api.getPartTree(input.projectId),
              api.getWorkshopSettings(),
              api.getProjectOptions(input.projectId),
            ]);
            return { project, tree, settings, options: quote.options };
          }),
          loadEstimate: fromPromise<Estimate, { projectId: number; mode: PackingMode }>(({ input }) => api.getEstimate({ id: input.projectId }, input.mode)),
          saveSettings: fromPromise<WorkshopSettings, { settings: WorkshopSettings }>(({ input }) => api.putWorkshopSettings(input.settings)),
        },
      }),
    ),
  );

  /** The workshop's Quote tab: the owner's option groups, the estimate of a selection, its PDF. */
  const quoteEditor = quoteEditorMachine.provide({
    actors: {
      loadQuote: fromPromise<ProjectQuote, { projectId: number }>(({ input }) => api.getProjectOptions(input.projectId)),
      saveQuote: fromPromise<ProjectQuote, { projectId: number; options: QuoteOptions }>(({ input }) => api.putProjectOptions(input.projectId, input.options)),
      uploadTexture: fromPromise<UploadedTexture, { projectId: number; file: File }>(({ input }) => api.putQuoteTexture(input.projectId, input.file)),
      saveDefaults: fromPromise<QuoteOptions, { options: QuoteOptions }>(({ input }) => api.putDefaultQuoteOptions(input.options)),
      loadPreview: fromPromise<Estimate, { projectId: number; selection: Record<string, string> }>(({ input }) => api.getEstimate({ id: input.projectId }, 'guillotine', input.selection)),
      saveQuotePdf: fromPromise<void, { projectId: number; selection: Record<string, string>; lang: 'en' | 'fr'; fileName: string }>(async ({ input }) => {
        saveBlob(input.fileName, await api.quotePdf({ id: input.projectId }, input.selection, input.lang));
      }),
    },
  });

  return {
    upload,
    machines: { list, rename, delete: remove, share, plans, branding, labels, workshop, quoteEditor },
    /** The list's input: the step filter and sort of the last visit. */
    listInput: () => ({ query: listQuery.load() ?? {} }),
  };
}

export type ProjectServices = ReturnType<typeof createProjectServices>;
