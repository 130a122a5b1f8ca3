/**
 * The user panel (SPEC §2): avatar, full name or Guest, change profile image, Manage account
 * (new tab), Manage subscription (My Subscriptions), Customization with the logo, the language
 * toggle and distance unit (with inches, the fraction workshop measures round to), and Log out
 * (or Log in for a guest).
 */
import { Disclosure, DisclosureButton, DisclosurePanel, Radio, RadioGroup } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { AVATAR_SERVICE_URL } from '../../machines/externalLinks';
import { selectUser } from '../../machines/session/sessionSelectors';
import { DISTANCE_UNITS } from '../../machines/types';
import { useAppServices } from '../app/AppServices';
import { Avatar } from '../common/Avatar';
import { useLL } from '../app/I18nProvider';
import { ChevronDownIcon } from '../common/actionIcons';
import { ExternalLink } from '../common/ExternalLink';
import { LanguageToggle } from '../common/LanguageToggle';
import { useExternalLinks } from '../common/useExternalLinks';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '../common/controlStyles';
import { SubscriptionsDialog } from '../dialogs/SubscriptionsDialog';
import { LoginDialog } from '../login/LoginDialog';
import { CustomizationSection } from './CustomizationSection';
import { InchFractionField } from './InchFractionField';
import { SidePanel } from './SidePanel';

export function UserPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const LL = useLL();
  const { session, settings } = useAppServices();
  const user = useSelector(session, selectUser);
  const unit = useSelector(settings, (s) => s.context.unit);
  const links = useExternalLinks();
  const [plansOpen, setPlansOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const name = user.isLoggedIn ? user.fullName : LL.common.guest();

  return (
    <SidePanel open={open} onClose={onClose} title={LL.panels.user.title()}>
      <div className="flex items-center gap-4">
        <Avatar src={user.avatarUrl} name={name} size={64} />
        <div className="min-w-0">
          <p dir="auto" className="truncate text-lg font-bold text-fg">
            {name}
          </p>
          {user.isLoggedIn ? (
            <ExternalLink href={AVATAR_SERVICE_URL} className={`${linkClass} text-sm`}>
              {LL.panels.user.changeProfileImage()}
            </ExternalLink>
          ) : null}
        </div>
      </div>

      {user.isLoggedIn ? (
        <div className="flex flex-col gap-2">
          <ExternalLink href={links.account} className={secondaryButtonClass}>
            {LL.panels.user.manageAccount()}
          </ExternalLink>
          <button type="button" className={secondaryButtonClass} onClick={() => setPlansOpen(true)}>
            {LL.panels.user.manageSubscription()}
          </button>
          <Disclosure as="div" className="rounded-xl border border-border">
            <DisclosureButton className="group flex w-full items-center justify-between px-4 py-2.5 text-sm font-bold text-fg">
              {LL.panels.user.customization()}
              <ChevronDownIcon className="transition-transform group-data-open:rotate-180" />
            </DisclosureButton>
            <DisclosurePanel className="border-t border-border px-4 py-3">
              <CustomizationSection />
            </DisclosurePanel>
          </Disclosure>
        </div>
      ) : null}

      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <span className="text-sm font-semibold text-fg">{LL.panels.user.language()}</span>
          <LanguageToggle />
        </div>
        <div className="flex items-center justify-between gap-3">
          <span id="unit-label" className="text-sm font-semibold text-fg">
            {LL.panels.user.unit()}
          </span>
          <RadioGroup
            value={unit}
            onChange={(value) => settings.send({ type: 'settings.unitChanged', unit: value })}
            aria-labelledby="unit-label"
            className="flex rounded-full border border-border p-0.5"
          >
            {DISTANCE_UNITS.map((u) => (
              <Radio
                key={u}
                value={u}
                aria-label={LL.viewer.units[u]()}
                className="cursor-pointer rounded-full px-3 py-1 text-sm font-semibold text-fg-muted data-checked:bg-primary data-checked:text-on-primary"
              >
                {u}
              </Radio>
            ))}
          </RadioGroup>
        </div>
        {unit === 'in' ? <InchFractionField /> : null}
      </div>

      <div className="mt-auto">
        {user.isLoggedIn ? (
          <button type="button" className={`${secondaryButtonClass} w-full`} onClick={() => session.send({ type: 'session.logout' })}>
            {LL.panels.user.logout()}
          </button>
        ) : (
          <button type="button" className={`${primaryButtonClass} w-full`} onClick={() => setLoginOpen(true)}>
            {LL.panels.user.login()}
          </button>
        )}
      </div>
      <SubscriptionsDialog open={plansOpen} onClose={() => setPlansOpen(false)} />
      <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </SidePanel>
  );
}
