/**
 * projects/create: [secureToken, projectName, fileName] + file. The order of the checks is the
 * order of this function: message -> token -> name -> file -> a credit is available -> convert ->
 * one transaction (credit + project row + model files) -> result.
 */
import { CREATE_PART_COUNT } from '../../src/api/uploadMessage';
import { listActivePlans } from '../db/plans';
import { plansInChargeOrder } from '../domain/credits';
import { checkProjectName, projectNameFromFileName } from '../domain/projectNames';
import { commitNewProject, InsufficientCreditsError } from '../domain/revisionCommit';
import { UPLOAD_MESSAGES, UploadRefusal } from '../domain/uploadErrors';
import { convertQueued } from './uploadQueued';
import { authorizeUpload, checkFile, convertUpload, nowSeconds, ownerView, receiveUpload, type UploadContext } from './uploadSteps';

/** The second text value: the project name; empty means the file's base name. */
function newProjectName(requested: string, fileName: string): string {
  if (requested.trim() === '') return projectNameFromFileName(fileName);
  const check = checkProjectName(requested);
  if (!check.ok) throw new UploadRefusal(UPLOAD_MESSAGES.invalidName(check.message));
  return check.name;
}

export async function runCreate(context: UploadContext) {
  const { parts, file } = await receiveUpload(context, CREATE_PART_COUNT);
  const [token, requestedName, fileName] = parts;
  const ownerId = await authorizeUpload(context, token);
  const name = newProjectName(requestedName, fileName);
  checkFile(context, fileName, file);
  const { db, blobs } = context.services;
  const start = nowSeconds(context);
  if (plansInChargeOrder(await listActivePlans(db, ownerId, start), start).length === 0) {
    throw new UploadRefusal(UPLOAD_MESSAGES.insufficientCredits);
  }

  if (context.queue) return convertQueued(context, context.queue, { kind: 'create', ownerId, name, fileName, file });
  const model = await convertUpload(context, fileName, file);
  let project;
  try {
    project = await commitNewProject({ db, blobs }, { ownerId, name, nowSeconds: nowSeconds(context), model, payment: { kind: 'charge' } });
  } catch (error) {
    // The last credit went to another upload while this one converted.
    if (error instanceof InsufficientCreditsError) throw new UploadRefusal(UPLOAD_MESSAGES.insufficientCredits);
    throw error;
  }
  return ownerView(context, project.id, ownerId);
}
