/**
 * projects/setModel: [secureToken, projectId, 'false', fileName] + file. message -> token -> the
 * caller's project (one update at a time per project) -> file -> cost: within the allowance it is
 * free; past it, no credit -> insufficient_credits, an UNLIMITED plan pays silently, otherwise
 * confirmConsumeCredit and wait for the answer -> convert -> one transaction (credit + revision).
 */
import { clientConfirmMessageSchema } from '../../src/api/schemas';
import { SET_MODEL_PART_COUNT } from '../../src/api/uploadMessage';
import { listActivePlans } from '../db/plans';
import { findOwnedProject } from '../db/projects';
import { updateCost } from '../domain/credits';
import { commitModelUpdate, InsufficientCreditsError, ProjectChangedError } from '../domain/revisionCommit';
import { UPLOAD_MESSAGES, UploadRefusal } from '../domain/uploadErrors';
import { NoReplyError } from './uploadChannel';
import { convertQueued } from './uploadQueued';
import { authorizeUpload, checkFile, convertUpload, nowSeconds, ownerView, receiveUpload, type UploadContext } from './uploadSteps';

/** Project ids whose model is being replaced in this process. */
export type UpdateLocks = Set<number>;

function parseProjectId(text: string): number | undefined {
  if (!/^[0-9]{1,12}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Asks the owner to spend a credit; true to go on. */
async function confirmCredit(context: UploadContext): Promise<boolean> {
  context.channel.send({ type: 'confirmConsumeCredit' });
  let reply;
  try {
    reply = await context.channel.next(context.timeouts.confirmMs);
  } catch (error) {
    throw error instanceof NoReplyError ? new UploadRefusal(UPLOAD_MESSAGES.confirmTimeout) : error;
  }
  let parsed;
  try {
    parsed = reply.isBinary ? undefined : clientConfirmMessageSchema.safeParse(JSON.parse(reply.data.toString('utf8')));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) throw new UploadRefusal(UPLOAD_MESSAGES.invalidReply);
  return parsed.data.result;
}

export async function runSetModel(context: UploadContext, locks: UpdateLocks) {
  const { parts, file } = await receiveUpload(context, SET_MODEL_PART_COUNT);
  const [token, idText, , fileName] = parts;
  const ownerId = await authorizeUpload(context, token);
  const { db, blobs } = context.services;
  const projectId = parseProjectId(idText);
  const project = projectId === undefined ? undefined : await findOwnedProject(db, projectId, ownerId);
  if (!project) throw new UploadRefusal(UPLOAD_MESSAGES.projectNotFound);
  if (locks.has(project.id)) throw new UploadRefusal(UPLOAD_MESSAGES.updateInProgress);
  locks.add(project.id);
  try {
    checkFile(context, fileName, file);
    const start = nowSeconds(context);
    const cost = updateCost(project, await listActivePlans(db, ownerId, start), start);
    if (cost.kind === 'noCredit') throw new UploadRefusal(UPLOAD_MESSAGES.insufficientCredits);
    if (cost.kind === 'credit' && !(await confirmCredit(context))) throw new UploadRefusal(UPLOAD_MESSAGES.creditRefused);

    if (context.queue) {
      // The worker checks again that the project is still at this revision when it records the update.
      const charge = cost.kind === 'free' ? 'free' : 'paid';
      const approval = context.keepApproval ? 'keep' : 'reopen';
      const request = { kind: 'update', ownerId, projectId: project.id, fromRevision: project.revisionNumber, charge, approval, fileName, file } as const;
      const view = await convertQueued(context, context.queue, request);
      context.services.reviewEvents.revision({ ...project, revisionNumber: view.revisionNumber });
      return view;
    }
    const model = await convertUpload(context, fileName, file);
    try {
      await commitModelUpdate(
        { db, blobs, revisionsKept: context.services.config.revisionsKept },
        { project, nowSeconds: nowSeconds(context), model, charge: cost.kind === 'free' ? 'free' : 'paid', approval: context.keepApproval ? 'keep' : 'reopen' },
      );
    } catch (error) {
      if (error instanceof InsufficientCreditsError) throw new UploadRefusal(UPLOAD_MESSAGES.insufficientCredits);
      if (error instanceof ProjectChangedError) throw new UploadRefusal(UPLOAD_MESSAGES.projectChanged);
      throw error;
    }
  } finally {
    locks.delete(project.id);
  }
  const view = await ownerView(context, project.id, ownerId);
  context.services.reviewEvents.revision({ ...project, revisionNumber: view.revisionNumber });
  return view;
}
