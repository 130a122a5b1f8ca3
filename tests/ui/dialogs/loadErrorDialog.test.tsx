// @vitest-environment jsdom
/** The project load error (SPEC §2, §8): titled Error, the spec's message, an optional detail, Close. */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadErrorDialog } from '../../../src/ui/dialogs/LoadErrorDialog';
import { renderWithLocale } from '../../helpers/renderWithLocale';
import { inLocale } from './inLocale';

afterEach(cleanup);

describe('load error dialog', () => {
  it('is titled Error and says An error occured while loading your project.', () => {
    renderWithLocale(<LoadErrorDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Error' });
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe('An error occured while loading your project.');
  });

  it('Close calls onClose', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithLocale(<LoadErrorDialog open onClose={onClose} />);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape calls onClose too', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithLocale(<LoadErrorDialog open onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a detail under the message only when there is one', () => {
    const { rerender } = renderWithLocale(<LoadErrorDialog open onClose={() => {}} detail="The file is not a model this product reads." />);
    expect(screen.getByText('The file is not a model this product reads.')).toBeTruthy();
    rerender(inLocale(<LoadErrorDialog open onClose={() => {}} detail={null} />));
    expect(screen.queryByText('The file is not a model this product reads.')).toBeNull();
  });

  it('shows nothing while closed', () => {
    renderWithLocale(<LoadErrorDialog open={false} onClose={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText('An error occured while loading your project.')).toBeNull();
  });

  it('speaks French', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithLocale(<LoadErrorDialog open onClose={onClose} />, 'fr');
    expect(screen.getByRole('alertdialog', { name: 'Erreur' })).toBeTruthy();
    expect(screen.getByText('Une erreur est survenue lors du chargement de votre projet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
