// @vitest-environment jsdom
/** The generic message dialog (SPEC §2): a title, a message and Close. */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageDialog } from '../../../src/ui/dialogs/MessageDialog';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

/** A caller that keeps the dialog open until its onClose runs. */
function Host({ onClose, title }: { onClose(): void; title?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <MessageDialog
      open={open}
      title={title}
      message='"plan.pdf" is not a model file this product reads.'
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    />
  );
}

describe('message dialog', () => {
  it('shows its title and message, and Close closes it', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithLocale(<Host onClose={onClose} title="Upload" />);
    const dialog = screen.getByRole('dialog', { name: 'Upload' });
    expect(dialog.textContent).toContain('"plan.pdf" is not a model file this product reads.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('"plan.pdf" is not a model file this product reads.')).toBeNull();
  });

  it('is titled Information by default and closes with Escape', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithLocale(<Host onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Information' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows nothing while closed', () => {
    renderWithLocale(<MessageDialog open={false} onClose={() => {}} message="Hidden text" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Hidden text')).toBeNull();
  });

  it('speaks French', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithLocale(<MessageDialog open onClose={onClose} message="Choisissez une image pour le logo." />, 'fr');
    expect(screen.getByRole('dialog', { name: 'Information' }).textContent).toContain('Choisissez une image pour le logo.');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
