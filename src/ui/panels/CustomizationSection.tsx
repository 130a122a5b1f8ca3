/**
 * Customization, Logo (SPEC §2): the current logo (at most 100 x 50), Replace with an image file
 * (the formats and size the server takes: a file of another type, or too large, is refused here
 * with the reason), Remove only when a custom logo exists. Its actor loads the logo when the
 * section opens.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { LOGO_FILE_ACCEPT, LOGO_MAX_MEGABYTES, logoFileProblem, type LogoFileProblem } from '../../machines/projects/modelFile';
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { linkButtonClass, secondaryButtonClass } from '../common/controlStyles';

export function CustomizationSection() {
  const LL = useLL();
  const { projects } = useAppServices();
  const actor = useActorRef(projects.machines.branding);
  const { isCustomLogo, logoUrl, changeFailed } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<{ name: string; problem: LogoFileProblem } | null>(null);
  const message = refused
    ? refused.problem === 'type'
      ? LL.dialogs.message.unsupportedLogo({ name: refused.name })
      : LL.dialogs.message.logoTooLarge({ name: refused.name, max: LOGO_MAX_MEGABYTES })
    : changeFailed
      ? LL.panels.user.logoChangeFailed({ max: LOGO_MAX_MEGABYTES })
      : null;

  return (
    <section aria-labelledby="logo-title" aria-busy={busy} className="flex flex-col gap-3">
      <h3 id="logo-title" className="text-sm font-semibold text-fg">
        {LL.panels.user.logo()}
      </h3>
      <div className="flex h-[74px] items-center justify-center rounded-lg border border-dashed border-border bg-surface p-3">
        {failed ? (
          <span role="alert" className="flex items-center gap-2 text-sm text-danger">
            {LL.panels.user.logoLoadFailed()}
            <button type="button" className={linkButtonClass} onClick={() => actor.send({ type: 'branding.retry' })}>
              {LL.list.retry()}
            </button>
          </span>
        ) : logoUrl ? (
          <img src={logoUrl} alt={LL.panels.user.currentLogo()} className="max-h-[50px] max-w-[100px] object-contain" />
        ) : (
          <span className="text-sm text-fg-subtle">{busy ? LL.common.loading() : LL.panels.user.noLogo()}</span>
        )}
      </div>
      <div className="flex gap-2">
        <button type="button" className={secondaryButtonClass} disabled={busy || failed} onClick={() => input.current?.click()}>
          {LL.panels.user.replaceLogo()}
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={busy || !isCustomLogo}
          onClick={() => actor.send({ type: 'branding.remove' })}
        >
          {LL.panels.user.removeLogo()}
        </button>
        <input
          ref={input}
          type="file"
          accept={LOGO_FILE_ACCEPT}
          hidden
          aria-label={LL.panels.user.replaceLogo()}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const problem = logoFileProblem(file);
            setRefused(problem ? { name: file.name, problem } : null);
            if (!problem) actor.send({ type: 'branding.replace', file });
          }}
        />
      </div>
      <p role="status" className="text-sm text-danger empty:hidden">
        {busy && !failed && logoUrl ? LL.panels.user.changingLogo() : message}
      </p>
    </section>
  );
}
