/**
 * What an upload socket says when it stops without a result. Every `error` message is one of these,
 * a conversion error's own message (server/convert/errors.ts), or one of the two codes the client
 * handles itself: insufficient_credits and credit_usage_refused. Said by the sockets (server/http)
 * and by the conversion worker (server/jobs), whose answer a socket relays.
 */
import { CREDIT_USAGE_REFUSED, INSUFFICIENT_CREDITS } from '../../src/api/schemas';

export const UPLOAD_MESSAGES = {
  invalidMessage: 'The upload could not be read. Reload the page and try again.',
  badToken: 'Your upload authorization is invalid, expired or already used. Reload the page and try again.',
  projectNotFound: 'This project no longer exists.',
  updateInProgress: 'Another model update of this project is in progress. Wait for it to finish, then try again.',
  projectChanged: 'The project was changed or deleted during the update. Reload the page and try again.',
  uploadTimeout: 'The upload took too long and was stopped. Try again.',
  uploadIdle: 'Nothing arrived for too long, so the upload was stopped. Try again.',
  confirmTimeout: 'No answer came to the credit confirmation, so the update was cancelled.',
  invalidReply: 'The answer to the credit confirmation could not be read. The update was cancelled.',
  noConverter: 'Model conversion is not available on this server.',
  internal: 'An unexpected error occurred while saving the project. Please try again.',
  jobTimeout: 'The conversion did not finish in time. If the project does not appear in your list, try again.',
  invalidName: (reason: string) => `The project name is not valid: ${reason}`,
  insufficientCredits: INSUFFICIENT_CREDITS,
  creditRefused: CREDIT_USAGE_REFUSED,
} as const;

/** The messages that say the service failed, not the user's file or account (metrics count them as failures). */
export function isServiceFailure(message: string): boolean {
  return message === UPLOAD_MESSAGES.internal || message === UPLOAD_MESSAGES.jobTimeout;
}

/** Stops an upload with `message` sent to the client as is. */
export class UploadRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRefusal';
  }
}
