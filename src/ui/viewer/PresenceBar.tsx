/**
 * Presenting live on screen (issue 52): who has the link open (a count, the names on demand),
 * Present / Stop presenting for the owner with how many follow, "Following <name>" with Stop
 * following / Follow again, and Point. Reads the presence machine; sends it events.
 */
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { presenceMachine, PresenceViewer } from '../../machines/viewer/live/presenceMachine';
import type { presenterMachine } from '../../machines/viewer/live/presenterMachine';
import { selectPresenceChild } from '../../machines/viewer/viewerSelectors';
import { useI18nContext } from '../../i18n/i18n-react';
import type { ViewerActor } from './viewerActors';

type PresenceActor = ActorRefFrom<typeof presenceMachine>;

const pill = 'pointer-events-auto inline-flex min-h-10 items-center gap-1 rounded-full border border-border bg-surface-raised/95 px-2 py-1 text-sm shadow-lg shadow-black/30';
const button = 'rounded-full px-3 py-1.5 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-primary';

export function PresenceBar({ viewer, compact }: { viewer: ViewerActor; compact: boolean }) {
  const presence = useSelector(viewer, selectPresenceChild);
  if (!presence) return null;
  return <Bar presence={presence} compact={compact} />;
}

/** "Olga Owner", "Claire", "Guest 2". */
export function useViewerName() {
  const { LL } = useI18nContext();
  return (viewer: Pick<PresenceViewer, 'name' | 'number' | 'role'> | undefined): string =>
    viewer?.name || (viewer?.role === 'owner' ? LL.presence.owner() : LL.presence.guest({ n: viewer?.number ?? 1 }));
}

function Bar({ presence, compact }: { presence: PresenceActor; compact: boolean }) {
  const { LL } = useI18nContext();
  const nameOf = useViewerName();
  const context = useSelector(presence, (s) => s.context);
  const online = useSelector(presence, (s) => s.matches({ live: 'online' }));
  const ended = useSelector(presence, (s) => s.matches('ended'));
  const followerState = useSelector(context.follower, (s) => s.value as 'alone' | 'following' | 'free');
  const followed = useSelector(context.follower, (s) => s.context.presenter);
  const { viewers, you, refusal, pointing } = context;
  const followers = viewers.filter((v) => v.following && v.id !== you).length;
  const refusalText = refusal ? LL.presence.refused[refusal]() : null;
  if (ended) {
    return refusalText ? (
      <p role="status" className={`${pill} px-3 text-fg-muted`}>
        {refusalText}
      </p>
    ) : null;
  }
  if (!online) return null;
  const followedName = followed ? followed.name || LL.presence.presenterFallback() : '';
  return (
    <div role="region" aria-label={LL.presence.region()} className={`flex flex-col items-center gap-1 ${compact ? 'max-w-full text-xs' : ''}`}>
      <div className={`${pill} flex-wrap justify-center`}>
        <Popover className="relative">
          <PopoverButton className={`${button} text-fg hover:bg-surface`} data-testid="presence-count">
            <span aria-hidden="true">● </span>
            {LL.presence.here({ count: viewers.length })}
          </PopoverButton>
          <PopoverPanel anchor={compact ? 'top' : 'bottom'} className="z-30 my-2 min-w-48 rounded-xl border border-border bg-surface-raised p-2 text-sm shadow-xl shadow-black/40">
            <ul aria-label={LL.presence.region()} data-testid="presence-list">
              {viewers.map((v) => (
                <li key={v.id} className="flex items-center justify-between gap-3 rounded-lg px-2 py-1.5 text-fg">
                  <span dir="auto" className="truncate font-semibold">
                    {nameOf(v)}
                    {v.id === you ? <span className="font-normal text-fg-muted"> ({LL.presence.you()})</span> : null}
                  </span>
                  <span className="text-xs text-fg-muted">{v.presentingSince !== null ? LL.presence.presents() : v.following ? LL.presence.follows() : ''}</span>
                </li>
              ))}
            </ul>
          </PopoverPanel>
        </Popover>
        {context.presenter ? <PresenterControls presence={presence} presenter={context.presenter} followers={followers} othersPresent={followerState !== 'alone'} /> : null}
        {followerState === 'following' ? (
          <>
            <span dir="auto" className="px-1 font-semibold text-primary" role="status">
              {LL.presence.following({ name: followedName })}
            </span>
            <button type="button" className={`${button} bg-surface text-fg hover:bg-border`} onClick={() => presence.send({ type: 'presence.stopFollowing' })}>
              {LL.presence.stopFollowing()}
            </button>
          </>
        ) : followerState === 'free' ? (
          <button type="button" className={`${button} bg-primary text-on-primary hover:bg-primary-hover`} onClick={() => presence.send({ type: 'presence.followAgain' })}>
            {LL.presence.followAgain()}
          </button>
        ) : null}
        <button
          type="button"
          aria-pressed={pointing}
          className={`${button} ${pointing ? 'bg-primary text-on-primary' : 'text-fg hover:bg-surface'}`}
          onClick={() => presence.send({ type: 'presence.togglePoint' })}
        >
          {LL.presence.point()}
        </button>
      </div>
      {pointing ? <p className={`${pill} px-3 text-fg-muted`}>{LL.presence.pointing()}</p> : null}
      {refusalText ? (
        <p role="status" className={`${pill} px-3 text-fg-muted`}>
          {refusalText}
        </p>
      ) : null}
    </div>
  );
}

/** The owner's part of the bar: Present, or "You are presenting", how many follow, and Stop presenting. */
function PresenterControls({ presence, presenter, followers, othersPresent }: { presence: PresenceActor; presenter: ActorRefFrom<typeof presenterMachine>; followers: number; othersPresent: boolean }) {
  const { LL } = useI18nContext();
  const presenting = useSelector(presenter, (s) => s.matches('presenting'));
  if (presenting) {
    return (
      <>
        <span className="px-1 font-semibold text-primary">{LL.presence.presenting()}</span>
        <span className="px-1 text-fg-muted" data-testid="presence-followers">
          {LL.presence.followers({ count: followers })}
        </span>
        <button type="button" className={`${button} bg-surface text-fg hover:bg-border`} onClick={() => presence.send({ type: 'presence.stopPresenting' })}>
          {LL.presence.stopPresenting()}
        </button>
      </>
    );
  }
  // While someone else presents, the owner follows them (Present comes back when they stop).
  return othersPresent ? null : (
    <button type="button" className={`${button} bg-primary text-on-primary hover:bg-primary-hover`} onClick={() => presence.send({ type: 'presence.present' })}>
      {LL.presence.present()}
    </button>
  );
}
