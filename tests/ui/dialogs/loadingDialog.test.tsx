// @vitest-environment jsdom
/** The loading view (SPEC §2, §4): Loading, the step message, a bar and the percentage in whole percent (issue 48: "36.18 %" moved too fast to read). */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadingMessage } from '../../../src/machines/upload/loadingProgress';
import { LoadingDialog } from '../../../src/ui/dialogs/LoadingDialog';
import { renderWithLocale } from '../../helpers/renderWithLocale';
import { inLocale } from './inLocale';

afterEach(cleanup);

describe('loading dialog', () => {
  it('shows Loading, the step message and the percentage in whole percent, rounded down', () => {
    renderWithLocale(<LoadingDialog open message="uploading" progress={0.3618} />);
    const dialog = screen.getByRole('dialog', { name: 'Loading' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Upload in progress...');
    expect(screen.getByText('36 %')).toBeTruthy();
    expect(screen.queryByText(/36[.,]18/)).toBeNull();
    const bar = screen.getByRole('progressbar', { name: 'Upload in progress...' });
    expect(bar.getAttribute('aria-valuenow')).toBe('36');
    expect(bar.getAttribute('aria-valuetext')).toBe('36 %');
  });

  it('writes the same whole percent in French', () => {
    renderWithLocale(<LoadingDialog open message="uploading" progress={0.3618} />, 'fr');
    expect(screen.getByText('36 %')).toBeTruthy();
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('36');
    expect(bar.getAttribute('aria-valuetext')).toBe('36 %');
  });

  it('over a model already on screen, is a status card that neither traps the focus nor hides the model', () => {
    renderWithLocale(<LoadingDialog open overModel message="loadingResources" progress={0.5} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const status = screen.getByRole('status', { name: 'Loading' });
    expect(status.textContent).toContain('Loading resources...');
    expect(status.textContent).toContain('50 %');
    expect(screen.getByRole('progressbar', { name: 'Loading resources...' }).getAttribute('aria-valuenow')).toBe('50');
    // Taps go through to the model.
    expect(status.className).toContain('pointer-events-none');
  });

  it('over a model, closes like the dialog', () => {
    renderWithLocale(<LoadingDialog open={false} overModel message="loadingModel" progress={1} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each<[LoadingMessage, string]>([
    ['initializing', 'Initializing...'],
    ['uploading', 'Upload in progress...'],
    ['converting', 'Conversion in progress...'],
    ['loadingModel', 'Loading model...'],
    ['loadingResources', 'Loading resources...'],
    ['processingRenderModes', 'Processing render modes...'],
  ])('says %s as "%s"', (message, text) => {
    renderWithLocale(<LoadingDialog open message={message} progress={0} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it.each([
    [0, '0 %'],
    [1 / 3, '33 %'],
    [2 / 3, '66 %'],
    [0.29, '29 %'],
    // Not done until done.
    [0.999, '99 %'],
    [1, '100 %'],
    [1.7, '100 %'],
    [-0.4, '0 %'],
  ])('shows progress %s as %s', (progress, text) => {
    renderWithLocale(<LoadingDialog open message="converting" progress={progress} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('updates the percentage as progress moves', () => {
    const { rerender } = renderWithLocale(<LoadingDialog open message="uploading" progress={0.1} />);
    expect(screen.getByText('10 %')).toBeTruthy();
    rerender(inLocale(<LoadingDialog open message="converting" progress={0.5} />));
    expect(screen.getByText('50 %')).toBeTruthy();
    expect(screen.getByText('Conversion in progress...')).toBeTruthy();
    expect(screen.queryByText('10 %')).toBeNull();
  });

  it('is hidden when not open', () => {
    const { rerender } = renderWithLocale(<LoadingDialog open message="uploading" progress={0.5} />);
    expect(screen.getByRole('dialog')).toBeTruthy();
    rerender(inLocale(<LoadingDialog open={false} message="uploading" progress={0.5} />));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('50 %')).toBeNull();
    expect(screen.queryByText('Upload in progress...')).toBeNull();
  });

  it('cannot be dismissed with Escape', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithLocale(<LoadingDialog open message="uploading" progress={0.5} />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Loading' })).toBeTruthy();
  });

  it('speaks French', () => {
    renderWithLocale(<LoadingDialog open message="converting" progress={0.12345} />, 'fr');
    expect(screen.getByRole('dialog', { name: 'Chargement' })).toBeTruthy();
    expect(screen.getByText('Conversion en cours...')).toBeTruthy();
    expect(screen.getByText('12 %')).toBeTruthy();
  });
});
