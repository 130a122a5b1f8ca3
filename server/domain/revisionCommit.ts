/**
 * Records a converted model: the credit change and the project row commit in one transaction, the
 * revision's files are written to its folder before the commit and removed when it fails. So a
 * failure never spends a credit for nothing and never leaves a project without its model. An
 * update writes under the project's revision lock, so two writers never share a folder and a loser
 * never deletes the winner's files. The one place a revision is recorded: the upload sockets, the
 * restore route (server/http), the conversion worker (server/jobs) and the demo seed all call it.
 */
import type { ConversionNote } from '../../src/api/conversionNotes';
import { oneLine } from '../../src/model/text/safeText';
import type { Db } from '../db/database';
import { consumeCredit, listActivePlans, type Plan } from '../db/plans';
import { createProject, findCurrentRevisionNumber, setProjectModel, type ApprovalOnNewRevision, type ModelRevision } from '../db/projects';
import type { Project } from '../db/projectRows';
import {
  afterFreeUpdate,
  afterPaidUpdate,
  allowanceOfNewProject,
  plansInChargeOrder,
  type UpdateAllowance,
} from './credits';
import { isUnlimited } from './plans';
import { arBlobKey, machiningBlobKey, encodedModelBlobKey, modelBlobKey, originalBlobKey, posterBlobKey, revisionFolder, smallPosterBlobKey } from './projectBlobKeys';
import type { RevisionAssets } from '../convert/revisionAssets';
import { withRevisionLock } from '../db/revisionLock';
import { pruneRevisions } from '../db/revisions';
import type { BlobStore } from '../storage/blobStore';

/** No active plan could pay the credit (sent to the client as insufficient_credits). */
export class InsufficientCreditsError extends Error {
  constructor() {
    super('No credit left');
    this.name = 'InsufficientCreditsError';
  }
}

/** The project was deleted, or another update was recorded, while this one converted. */
export class ProjectChangedError extends Error {
  constructor() {
    super('The project changed during the update');
    this.name = 'ProjectChangedError';
  }
}

export interface ConvertedModel {
  glb: Uint8Array;
  /** Its precompressed copies and poster (absent: served uncompressed, no poster). */
  assets?: RevisionAssets;
  /** The uploaded file, kept beside the GLB. */
  original: { fileName: string; bytes: Uint8Array } | null;
  /** What the conversion lost or assumed, kept with the revision. */
  notes?: ConversionNote[];
}

interface CommitStores {
  db: Db;
  blobs: BlobStore;
  /** Revisions kept per project after an update (default 20, the current one included). */
  revisionsKept?: number;
}

const DEFAULT_REVISIONS_KEPT = 20;

/**
 * Spends one credit of the user's plans (UNLIMITED spends none) inside `trx`, trying the plans in
 * charge order so that a concurrent spender taking a plan's last credit falls through to the next.
 */
async function spendCredit(trx: Db, userId: number, nowSeconds: number): Promise<Plan> {
  for (const plan of plansInChargeOrder(await listActivePlans(trx, userId, nowSeconds), nowSeconds)) {
    if (isUnlimited(plan) || (await consumeCredit(trx, plan.id))) return plan;
  }
  throw new InsufficientCreditsError();
}

async function writeRevision(blobs: BlobStore, projectId: number, revision: number, model: ConvertedModel): Promise<ModelRevision> {
  const modelKey = modelBlobKey(projectId, revision);
  await blobs.put(modelKey, model.glb);
  if (model.assets) {
    await blobs.put(encodedModelBlobKey(projectId, revision, 'br'), model.assets.glbBrotli);
    await blobs.put(encodedModelBlobKey(projectId, revision, 'gzip'), model.assets.glbGzip);
    if (model.assets.poster) await blobs.put(posterBlobKey(projectId, revision), model.assets.poster);
    if (model.assets.posterSmall) await blobs.put(smallPosterBlobKey(projectId, revision), model.assets.posterSmall);
    if (model.assets.machining) await blobs.put(machiningBlobKey(projectId, revision), model.assets.machining);
    if (model.assets.ar) {
      await blobs.put(arBlobKey(projectId, revision, 'glb'), model.assets.ar.glb);
      await blobs.put(arBlobKey(projectId, revision, 'usdz'), model.assets.ar.usdz);
    }
  }
  const conversionNotes = model.notes ?? [];
  if (!model.original) return { modelBlobKey: modelKey, originalBlobKey: null, originalFileName: null, conversionNotes };
  const originalKey = originalBlobKey(projectId, revision, model.original.fileName);
  await blobs.put(originalKey, model.original.bytes);
  // The name people read in the revision list: one line, without control or text-direction characters.
  return { modelBlobKey: modelKey, originalBlobKey: originalKey, originalFileName: oneLine(model.original.fileName), conversionNotes };
}

/** Cleanup never hides the error being handled: at worst a folder is left behind. */
async function removeQuietly(blobs: BlobStore, folder: string): Promise<void> {
  await blobs.deleteFolder(folder).catch(() => undefined);
}

interface NewProjectCommit {
  ownerId: number;
  name: string;
  nowSeconds: number;
  model: ConvertedModel;
  /** `charge`: one credit of an active plan; `gift`: no credit, this allowance (the demo project). */
  payment: { kind: 'charge' } | { kind: 'gift'; allowance: UpdateAllowance };
  /** Also written in the project's transaction (a queued job's end, see server/jobs). */
  onCommit?: OnCommit;
}

export type OnCommit = (trx: Db, project: Project) => Promise<void>;

/**
 * Creates a project at revision 1 with its model. In the transaction: spend the credit, insert the
 * row (which gives the id the folder is named after), write the files, record them. A failure
 * inside deletes the files before the transaction lets go of the database: on SQLite a rolled-back
 * id can be handed out again, and its next owner's files must not be the ones deleted.
 */
export async function commitNewProject(stores: CommitStores, input: NewProjectCommit): Promise<Project> {
  const { db, blobs } = stores;
  let pendingFolder: string | undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const allowance =
        input.payment.kind === 'gift' ? input.payment.allowance : allowanceOfNewProject(await spendCredit(trx, input.ownerId, input.nowSeconds));
      const created = await createProject(trx, { ownerId: input.ownerId, name: input.name, nowSeconds: input.nowSeconds, ...allowance });
      const folder = revisionFolder(created.id, 1);
      try {
        const revision = await writeRevision(blobs, created.id, 1, input.model);
        const recorded = await setProjectModel(trx, {
          projectId: created.id,
          fromRevision: created.revisionNumber,
          model: revision,
          nowSeconds: input.nowSeconds,
        });
        if (!recorded) throw new ProjectChangedError();
        await input.onCommit?.(trx, recorded);
        pendingFolder = folder;
        return recorded;
      } catch (error) {
        await removeQuietly(blobs, folder);
        throw error;
      }
    });
  } catch (error) {
    // Only reached with files on disk when the COMMIT itself failed.
    if (pendingFolder) await removeQuietly(blobs, pendingFolder);
    throw error;
  }
}

interface ModelUpdateCommit {
  /** The project as it was when the update started (its revision guards the change). */
  project: Pick<Project, 'id' | 'ownerId' | 'revisionNumber' | 'consumedUpdateCount' | 'maxUpdateCount'>;
  nowSeconds: number;
  /** The new revision's model, or how to read it under the project's revision lock (a restore reads a kept revision). */
  model: ConvertedModel | ((db: Db) => Promise<ConvertedModel>);
  /** `free`: within the allowance; `paid`: one credit (or an UNLIMITED plan) extends it. */
  charge: 'free' | 'paid';
  /** What an approved project does (setProjectModel); `reopen` when unsaid. */
  approval?: ApprovalOnNewRevision;
  onCommit?: OnCommit;
}

/**
 * Records the next revision, under the project's revision lock (server/db/revisionLock.ts), which
 * every writer of a revision takes. Under it: the project must still be at the revision the update
 * started from (else ProjectChangedError, with nothing written or deleted), so the next revision's
 * number and folder are this writer's alone; whatever a writer that died left in that folder is
 * removed, the files are written, and one transaction spends the credit when the update is paid,
 * moves the project to the new revision and forgets the revisions beyond the kept number. A
 * failure before the commit removes the folder it wrote, still under the lock; the folders of the
 * forgotten revisions are deleted after the commit (their model URLs stop working).
 */
export async function commitModelUpdate(stores: CommitStores, input: ModelUpdateCommit): Promise<Project> {
  const { db, blobs } = stores;
  const { project } = input;
  const next = project.revisionNumber + 1;
  const folder = revisionFolder(project.id, next);
  const { updated, pruned } = await withRevisionLock(db, project.id, async (lock) => {
    if ((await findCurrentRevisionNumber(lock.db, project.id)) !== project.revisionNumber) throw new ProjectChangedError();
    const model = typeof input.model === 'function' ? await input.model(lock.db) : input.model;
    try {
      // No revision owns this folder yet: anything in it was left by a writer that never committed.
      await blobs.deleteFolder(folder);
      const revision = await writeRevision(blobs, project.id, next, model);
      return await lock.transaction(async (trx) => {
        const allowance =
          input.charge === 'free' ? afterFreeUpdate(project) : afterPaidUpdate(project, await spendCredit(trx, project.ownerId, input.nowSeconds));
        const recorded = await setProjectModel(trx, {
          projectId: project.id,
          fromRevision: project.revisionNumber,
          model: revision,
          nowSeconds: input.nowSeconds,
          approval: input.approval,
          ...allowance,
        });
        if (!recorded) throw new ProjectChangedError();
        await input.onCommit?.(trx, recorded);
        return { updated: recorded, pruned: await pruneRevisions(trx, project.id, stores.revisionsKept ?? DEFAULT_REVISIONS_KEPT) };
      });
    } catch (error) {
      // Still under the lock, and the project did not move to this revision: the folder is ours.
      await removeQuietly(blobs, folder);
      throw error;
    }
  });
  for (const revision of pruned) await removeQuietly(blobs, revisionFolder(project.id, revision));
  return updated;
}
