/**
 * The dialogs of the upload actor, wherever the user is (SPEC §4): the loading view while the file
 * goes up and converts, the question asked before an update replaces the approved revision (the
 * restore's dialog), the credit question, the missing-credits dialog, and the load error
 * (whose Close returns to /), and after a reload that stopped an upload, which file stopped, with
 * the offer to choose it again. After a create, it opens the new project's viewer, whose model load
 * goes on in the same loading view until the model is on screen. When the
 * conversion has notes, they are shown with the result, once the loading view has closed.
 */
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ConversionNote } from '../../machines/types';
import { uploadErrorDetail } from '../../machines/upload/uploadErrors';
import {
  selectInterruptedUpload,
  selectUploadActivity,
  selectUploadApprovedRevision,
  selectUploadDialog,
  selectUploadError,
  selectUploadMessage,
  selectUploadProgress,
  selectUploadSecondsLeft,
  selectUploadWorking,
} from '../../machines/upload/uploadSelectors';
import { activityLabel, timeLeftLabel } from './conversionActivityText';
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { ConfirmCreditDialog } from './ConfirmCreditDialog';
import { ConversionNotesDialog } from './ConversionNotesDialog';
import { InsufficientCreditsDialog } from './InsufficientCreditsDialog';
import { InterruptedUploadDialog } from './InterruptedUploadDialog';
import { useModelUpload } from '../list/useModelUpload';
import { LoadErrorDialog } from './LoadErrorDialog';
import { LeaveApprovedDialog } from './LeaveApprovedDialog';
import { LoadingDialog } from './LoadingDialog';

export function UploadDialogs() {
  const { projects } = useAppServices();
  const upload = projects.upload;
  const LL = useLL();
  const navigate = useNavigate();
  const dialog = useSelector(upload, selectUploadDialog);
  const progress = useSelector(upload, selectUploadProgress);
  const message = useSelector(upload, selectUploadMessage);
  const error = useSelector(upload, selectUploadError);
  const activity = useSelector(upload, selectUploadActivity);
  const secondsLeft = useSelector(upload, selectUploadSecondsLeft);
  const working = useSelector(upload, selectUploadWorking);
  const approvedRevision = useSelector(upload, selectUploadApprovedRevision);
  const interrupted = useSelector(upload, selectInterruptedUpload);
  // A file of another format leaves the notice open: the user may choose again.
  const startAgain = useModelUpload(() => {});

  // Leaving the page while a file goes up or converts would drop it: the browser asks first.
  useEffect(() => {
    if (!working) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [working]);

  const [notes, setNotes] = useState<ConversionNote[]>([]);
  useEffect(() => {
    const created = upload.on('upload.created', ({ project }) => {
      setNotes(project.conversionNotes);
      void navigate({ to: '/projects/$id', params: { id: String(project.id) } });
    });
    const updated = upload.on('upload.updated', ({ project }) => setNotes(project.conversionNotes));
    return () => {
      created.unsubscribe();
      updated.unsubscribe();
    };
  }, [upload, navigate]);

  const detail = uploadErrorDetail(error);
  const detailText = !detail ? null : detail.kind === 'server' ? detail.message : LL.errors[detail.kind]();
  const dismiss = () => upload.send({ type: 'upload.dismiss' });
  return (
    <>
      <LeaveApprovedDialog
        open={dialog === 'confirmApproval'}
        approved={approvedRevision ?? 0}
        next={(approvedRevision ?? 0) + 1}
        onChoose={(keepApproval) => upload.send({ type: 'upload.approvalChosen', keepApproval })}
        onCancel={() => upload.send({ type: 'upload.approvalCancel' })}
      />
      <LoadingDialog
        open={dialog === 'loading'}
        message={message}
        progress={progress}
        activity={activityLabel(LL, activity)}
        timeLeft={timeLeftLabel(LL, secondsLeft)}
      />
      <InterruptedUploadDialog
        upload={interrupted}
        onFile={(file) => void startAgain(file, interrupted?.projectId == null ? undefined : { id: interrupted.projectId, approval: null, revisionNumber: 0 })}
        onClose={() => upload.send({ type: 'upload.interruptedSeen' })}
      />
      <ConfirmCreditDialog
        open={dialog === 'confirmCredit'}
        onContinue={() => upload.send({ type: 'upload.creditContinue' })}
        onCancel={() => upload.send({ type: 'upload.creditCancel' })}
      />
      <InsufficientCreditsDialog open={dialog === 'insufficientCredits'} onClose={dismiss} />
      <ConversionNotesDialog notes={dialog === 'loading' ? [] : notes} onClose={() => setNotes([])} />
      <LoadErrorDialog
        open={dialog === 'failed'}
        detail={detailText}
        onClose={() => {
          dismiss();
          void navigate({ to: '/' });
        }}
      />
    </>
  );
}
