/**
 * The upload socket client (projects/create and projects/setModel): opens the socket with the secure
 * token in its URL (checked by the server before the upload is read), sends the one binary message,
 * reports upload progress from the bytes the socket has sent (polled every 100 ms), parses every
 * server message with the contract and answers the credit confirmation.
 */
import { clientConfirmMessageSchema, serverSocketMessageSchema, type ServerSocketMessage } from './schemas';
import { CREATE_PART_COUNT, encodeUploadMessage } from './uploadMessage';

const SOCKET_POLL_MS = 100;
export const SOCKET_ERRORS = {
  invalidMessage: 'Invalid message received from server',
  socket: 'WebSocket error',
  closed: 'WebSocket connection closed',
} as const;

export type UploadRequest =
  | { kind: 'create'; secureToken: string; projectName: string; fileName: string; file: Uint8Array }
  /** `keepApproval`: the update keeps the client's approval of the current revision (`?approval=keep`). */
  | { kind: 'setModel'; secureToken: string; projectId: number; fileName: string; file: Uint8Array; keepApproval?: boolean };

interface UploadSocketHandlers {
  /** Fraction of the message the socket has sent, 0..1. */
  onUploadProgress(fraction: number): void;
  onMessage(message: ServerSocketMessage): void;
  /** A failure of the socket itself (one of SOCKET_ERRORS). Not called after a result or error message. */
  onFailure(message: string): void;
}

export interface UploadSocket {
  confirmCredit(result: boolean): void;
  close(): void;
}

export function socketUrl(apiBase: string, path: 'projects/create' | 'projects/setModel', origin: string): string {
  const base = new URL(`${apiBase.replace(/\/+$/, '')}/${path}`, origin);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return base.toString();
}

/** The socket's URL with its secure token: the server checks it before reading any of the upload. */
export function withToken(url: string, secureToken: string): string {
  const target = new URL(url);
  target.searchParams.set('token', secureToken);
  return target.toString();
}

/** The socket's URL for this request: its secure token, and `approval=keep` for an update that keeps the approval. */
function requestUrl(url: string, request: UploadRequest): string {
  const target = new URL(withToken(url, request.secureToken));
  if (request.kind === 'setModel' && request.keepApproval) target.searchParams.set('approval', 'keep');
  return target.toString();
}

export function uploadParts(request: UploadRequest): string[] {
  return request.kind === 'create'
    ? [request.secureToken, request.projectName, request.fileName]
    : [request.secureToken, String(request.projectId), 'false', request.fileName];
}

export function openUploadSocket(
  url: string,
  request: UploadRequest,
  handlers: UploadSocketHandlers,
  WebSocketImpl: typeof WebSocket = WebSocket,
): UploadSocket {
  const parts = uploadParts(request);
  if (request.kind === 'create' && parts.length !== CREATE_PART_COUNT) throw new Error('bad parts');
  const payload = encodeUploadMessage(parts, request.file);
  const socket = new WebSocketImpl(requestUrl(url, request));
  socket.binaryType = 'arraybuffer';
  let finished = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const stopPolling = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const fail = (message: string) => {
    if (finished) return;
    finished = true;
    stopPolling();
    handlers.onFailure(message);
    try {
      socket.close();
    } catch {
      /* already closed */
    }
  };

  socket.onopen = () => {
    socket.send(payload);
    const total = payload.byteLength;
    const poll = () => {
      const sent = Math.min(1, Math.max(0, (total - socket.bufferedAmount) / total));
      handlers.onUploadProgress(sent);
      if (sent >= 1) stopPolling();
    };
    timer = setInterval(poll, SOCKET_POLL_MS);
    poll();
  };
  socket.onmessage = (event: MessageEvent) => {
    if (finished) return;
    let parsed: ServerSocketMessage;
    try {
      const result = serverSocketMessageSchema.safeParse(JSON.parse(String(event.data)));
      if (!result.success) return fail(SOCKET_ERRORS.invalidMessage);
      parsed = result.data;
    } catch {
      return fail(SOCKET_ERRORS.invalidMessage);
    }
    if (parsed.type === 'result' || parsed.type === 'error') {
      finished = true;
      stopPolling();
      handlers.onUploadProgress(1);
    }
    handlers.onMessage(parsed);
    if (finished) socket.close();
  };
  socket.onerror = () => fail(SOCKET_ERRORS.socket);
  socket.onclose = () => fail(SOCKET_ERRORS.closed);

  return {
    confirmCredit(result) {
      if (finished || socket.readyState !== WebSocketImpl.OPEN) return;
      socket.send(JSON.stringify(clientConfirmMessageSchema.parse({ type: 'confirmConsumeCredit', result })));
    },
    close() {
      finished = true;
      stopPolling();
      socket.close();
    },
  };
}
