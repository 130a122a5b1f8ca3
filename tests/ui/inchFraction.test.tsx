// @vitest-environment jsdom
/**
 * The fraction of an inch as a user setting (issue 35): the settings panel offers it while the
 * distance unit is inches, and a choice there is saved with the account; the viewer's workshop
 * measures take it from the account until a format is chosen there, and an inch format chosen in
 * the viewer is saved as the account's fraction. English and French.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ALL_SHARE_OPTIONS, type LoginResponse } from '../../src/api/schemas';
import { viewerToolsMachine } from '../../src/machines/viewer/tools/viewerToolsMachine';
import { UserPanel } from '../../src/ui/panels/UserPanel';
import { WorkshopMeasures } from '../../src/ui/viewer/panels/WorkshopMeasures';
import { loginAnswer, renderWithServices } from '../helpers/appHarness';

afterEach(cleanup);

const answering = (settings: LoginResponse['settings']) => ({ login: async () => ({ ...loginAnswer, settings }) });

async function logIn(services: ReturnType<typeof renderWithServices>['services']) {
  act(() => services.session.send({ type: 'session.login', username: 'ana@example.com', password: 'secret-password' }));
  await waitFor(() => expect(services.settings.getSnapshot().context.isLoggedIn).toBe(true));
}

describe('the fraction of an inch in the settings', () => {
  it('is offered while the unit is inches, shows the account’s fraction, and a choice is saved with the account', async () => {
    const view = renderWithServices(<UserPanel open onClose={() => {}} />, answering({ preferredDistanceUnit: 'mm' }));
    await logIn(view.services);
    expect(screen.queryByLabelText('Measures in inches to')).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'Inches' }));
    const select = screen.getByLabelText<HTMLSelectElement>('Measures in inches to');
    // None chosen yet: 1/16.
    expect(select.value).toBe('16');
    expect([...select.options].map((o) => o.textContent)).toEqual(['1/16 in', '1/32 in', '1/64 in']);
    await user.selectOptions(select, '1/32 in');
    expect(view.services.settings.getSnapshot().context.inchFraction).toBe(32);
    await waitFor(() => expect(view.calls.patch).toEqual([{ preferredDistanceUnit: 'in' }, { preferredInchFraction: 32 }]));
    // Back to millimetres: the field goes, the fraction stays with the account.
    await user.click(screen.getByRole('radio', { name: 'Millimeters' }));
    expect(screen.queryByLabelText('Measures in inches to')).toBeNull();
    expect(view.services.settings.getSnapshot().context.inchFraction).toBe(32);
  });

  it('speaks French', async () => {
    const view = renderWithServices(<UserPanel open onClose={() => {}} />, { ...answering({ preferredDisplayLanguage: 'fr', preferredDistanceUnit: 'in', preferredInchFraction: 64 }) });
    await logIn(view.services);
    const select = await screen.findByLabelText<HTMLSelectElement>('Mesures en pouces au');
    expect(select.value).toBe('64');
    expect([...select.options].map((o) => o.textContent)).toEqual(['1/16 po', '1/32 po', '1/64 po']);
  });
});

describe('the fraction of an inch in the viewer’s workshop measures', () => {
  it('follows the account until a format is chosen; an inch format chosen in the viewer is saved as the account’s fraction', async () => {
    const tools = createActor(viewerToolsMachine, { input: { permissions: ALL_SHARE_OPTIONS } }).start();
    const view = renderWithServices(<WorkshopMeasures tools={tools} kind="overall" touch={false} />, answering({ preferredDistanceUnit: 'in', preferredInchFraction: 32 }));
    await logIn(view.services);
    const select = screen.getByLabelText<HTMLSelectElement>('Units');
    await waitFor(() => expect(select.value).toBe('in32'));
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(select, 'in64');
    expect(tools.getSnapshot().context.lengthFormat).toBe('in64');
    expect(view.services.settings.getSnapshot().context.inchFraction).toBe(64);
    await waitFor(() => expect(view.calls.patch).toEqual([{ preferredInchFraction: 64 }]));
    // Millimetres in the viewer change the viewer only: the account keeps its fraction.
    await user.selectOptions(select, 'mm');
    expect(select.value).toBe('mm');
    expect(view.services.settings.getSnapshot().context.inchFraction).toBe(64);
    expect(view.calls.patch).toHaveLength(1);
    tools.stop();
  });
});
