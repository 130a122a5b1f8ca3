/**
 * "View in your room" in the page (WebXR), where the device has no AR viewer of its own: the button,
 * then, over the camera's picture, the page's own layer (WebXR's DOM overlay where the browser has
 * it): how to place the model, its overall size, Place here and Leave. A session that cannot start
 * says so and leaves the page as it was. The session is the room-AR machine's; the engine's part
 * comes through the canvas host.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { fromPromise } from 'xstate';
import { roomArMachine, type RoomArSession, type RoomArStartInput } from '../../machines/viewer/tools/roomArMachine';
import { useLL, useLocale } from '../app/I18nProvider';
import { startRoomAr } from './CanvasHost';

const overlayButton = 'pointer-events-auto rounded-md px-4 py-3 text-base font-semibold';

const arMachine = roomArMachine.provide({
  actors: { start: fromPromise<RoomArSession, RoomArStartInput>(({ input }) => startRoomAr(input)) },
});

export function RoomArButton({ glbUrl, label, className, testId }: { glbUrl: string; label: string; className: string; testId: string }) {
  const LL = useLL();
  const locale = useLocale();
  const ar = useActorRef(arMachine);
  const state = useSelector(ar, (s) => s.value as string);
  const session = useSelector(ar, (s) => s.context.session);
  const overlay = useRef<HTMLDivElement>(null);
  const mm = (metres: number) => `${new Intl.NumberFormat(locale).format(Math.round(metres * 1000))} mm`;
  const t = LL.panels.sharedProject;
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={testId}
        disabled={state === 'starting' || state === 'placing' || state === 'leaving'}
        onClick={() => overlay.current && ar.send({ type: 'ar.start', glbUrl, overlay: overlay.current })}
      >
        {label}
      </button>
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-danger">
          {t.arFailed()}{' '}
          <button type="button" className="underline" onClick={() => ar.send({ type: 'ar.dismiss' })}>
            {LL.common.close()}
          </button>
        </p>
      ) : null}
      {createPortal(
        // Over the AR canvas (z-40); the browser shows it over the camera's picture in AR.
        <div ref={overlay} data-testid="room-ar-overlay" hidden={state === 'idle' || state === 'failed'} className="pointer-events-none fixed inset-0 z-50 flex flex-col justify-between p-4 text-white">
          <div className="rounded-lg bg-black/60 p-3 text-sm" aria-live="polite">
            {state === 'starting' ? t.arStarting() : t.arPlaceHint()}
            {session ? <p className="mt-1 font-semibold">{t.arSize({ width: mm(session.size[0]), height: mm(session.size[1]), depth: mm(session.size[2]) })}</p> : null}
          </div>
          <div className="flex justify-center gap-3">
            <button type="button" className={`${overlayButton} bg-primary text-on-primary`} disabled={state !== 'placing'} onClick={() => ar.send({ type: 'ar.place' })}>
              {t.arPlace()}
            </button>
            {state === 'placing' ? (
              <button type="button" className={`${overlayButton} bg-black/70`} onClick={() => ar.send({ type: 'ar.exit' })}>
                {t.arExit()}
              </button>
            ) : null}
          </div>
        </div>,
        document.body,
      )}
    </>
  );
}
