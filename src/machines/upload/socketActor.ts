/** The real upload socket as a `fromCallback` actor: the bridge between openUploadSocket and the upload machine. */
import { fromCallback } from 'xstate';
import { openUploadSocket, socketUrl } from '../../api/uploadSocket';
import type { SocketCommand, SocketEvent, SocketInput } from './uploadMachine';

interface SocketActorOptions {
  apiBase: string;
  origin: string;
  WebSocketImpl?: typeof WebSocket;
}

export function createUploadSocketActor(options: SocketActorOptions) {
  return fromCallback<SocketCommand, SocketInput>(({ input, sendBack, receive }) => {
    const path = input.request.kind === 'create' ? 'projects/create' : 'projects/setModel';
    const send = (event: SocketEvent) => sendBack(event);
    const socket = openUploadSocket(
      socketUrl(options.apiBase, path, options.origin),
      input.request,
      {
        onUploadProgress: (fraction) => send({ type: 'socket.sent', fraction }),
        onMessage: (message) => {
          if (message.type === 'status') send({ type: 'socket.status', progress: message.progress, activity: message.activity, at: performance.now() });
          else if (message.type === 'confirmConsumeCredit') send({ type: 'socket.confirmCredit' });
          else if (message.type === 'result') send({ type: 'socket.result', project: message.project });
          else send({ type: 'socket.error', message: message.message });
        },
        onFailure: (message) => send({ type: 'socket.failure', message }),
      },
      options.WebSocketImpl,
    );
    receive((command) => {
      if (command.type === 'socket.answerCredit') socket.confirmCredit(command.result);
    });
    return () => socket.close();
  });
}
