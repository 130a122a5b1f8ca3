/**
 * What the load-error dialog says under its message (SPEC §8): socket failures by name (the
 * dialog translates them), the server's own message passed through, nothing for a failure the
 * generic message already covers.
 */
import { SOCKET_ERRORS } from '../../api/uploadSocket';
import { SECURE_TOKEN_FAILED } from './uploadMachine';

type UploadErrorDetail =
  | { kind: 'invalidSocketMessage' | 'socketError' | 'socketClosed' }
  | { kind: 'server'; message: string }
  | null;

export function uploadErrorDetail(error: string | null): UploadErrorDetail {
  if (!error || error === SECURE_TOKEN_FAILED) return null;
  if (error === SOCKET_ERRORS.invalidMessage) return { kind: 'invalidSocketMessage' };
  if (error === SOCKET_ERRORS.socket) return { kind: 'socketError' };
  if (error === SOCKET_ERRORS.closed) return { kind: 'socketClosed' };
  return { kind: 'server', message: error };
}
