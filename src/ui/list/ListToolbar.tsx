/** The list's left toolbar (SPEC §2): log out, the avatar (user panel), about. */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectUser } from '../../machines/session/sessionSelectors';
import { useAppServices } from '../app/AppServices';
import { useLL } from '../app/I18nProvider';
import { Avatar } from '../common/Avatar';
import { InfoIcon, LogOutIcon } from '../common/icons';
import { Toolbar, ToolbarButton } from '../common/Toolbar';
import { AboutPanel } from '../panels/AboutPanel';
import { UserPanel } from '../panels/UserPanel';

export function ListToolbar() {
  const LL = useLL();
  const { session } = useAppServices();
  const user = useSelector(session, selectUser);
  const [panel, setPanel] = useState<'user' | 'about' | null>(null);
  const close = () => setPanel(null);
  return (
    <>
      <Toolbar label={LL.list.toolbar()} className="sticky top-0 h-dvh shrink-0 border-r">
        <ToolbarButton label={LL.list.logout()} onClick={() => session.send({ type: 'session.logout' })}>
          <LogOutIcon />
        </ToolbarButton>
        <ToolbarButton label={LL.list.userPanel()} active={panel === 'user'} onClick={() => setPanel('user')}>
          <Avatar src={user.avatarUrl} name={user.fullName} alt={LL.common.avatarOf({ name: user.fullName })} size={32} />
        </ToolbarButton>
        <ToolbarButton label={LL.list.about()} active={panel === 'about'} onClick={() => setPanel('about')} className="mt-auto">
          <InfoIcon />
        </ToolbarButton>
      </Toolbar>
      <UserPanel open={panel === 'user'} onClose={close} />
      <AboutPanel open={panel === 'about'} onClose={close} />
    </>
  );
}
