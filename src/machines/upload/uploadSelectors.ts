/** What the upload dialogs read from the upload actor's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { parseActivity, type ConversionActivity } from '../../api/conversionActivity';
import type { LoadingMessage } from './loadingProgress';
import { conversionSecondsLeft, uploadProgress, type uploadMachine } from './uploadMachine';

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;

/** Which dialog the upload shows: the approval question, the loading view, the credit question, or one of the two errors. */
type UploadDialog = 'none' | 'confirmApproval' | 'loading' | 'confirmCredit' | 'insufficientCredits' | 'failed';

export function selectUploadDialog(s: UploadSnapshot): UploadDialog {
  if (s.hasTag('confirmApproval')) return 'confirmApproval';
  if (s.hasTag('confirmCredit')) return 'confirmCredit';
  if (s.hasTag('loading')) return 'loading';
  if (s.matches('insufficientCredits')) return 'insufficientCredits';
  if (s.matches('failed')) return 'failed';
  return 'none';
}

/** The file goes up or converts: leaving the page now would drop it (the model load after it drops nothing). */
export const selectUploadWorking = (s: UploadSnapshot): boolean => s.matches('requestingToken') || s.matches('transferring');
export const selectUploadProgress = (s: UploadSnapshot): number => uploadProgress(s.context);
export const selectUploadMessage = (s: UploadSnapshot): LoadingMessage => s.context.message;
export const selectUploadError = (s: UploadSnapshot): string | null => s.context.error;
/** The conversion's step as the server named it (an unknown one as its words), while converting. */
export type UploadActivity = ConversionActivity | { step: 'other'; text: string };

export function selectUploadActivity(s: UploadSnapshot): UploadActivity | null {
  const text = s.context.step === 'convert' ? s.context.activity : null;
  if (!text) return null;
  return parseActivity(text) ?? { step: 'other', text };
}
export const selectUploadSecondsLeft = (s: UploadSnapshot): number | undefined => conversionSecondsLeft(s.context);
/** The upload a reload stopped, while nothing else runs (said after the reload, with the offer to start again). */
export const selectInterruptedUpload = (s: UploadSnapshot) => (s.matches('idle') ? s.context.interrupted : null);
/** The approved revision an update is about to replace as current (the approval question), or null. */
export const selectUploadApprovedRevision = (s: UploadSnapshot): number | null => s.context.approvedRevision;
