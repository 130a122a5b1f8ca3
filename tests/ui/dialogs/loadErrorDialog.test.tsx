// @vitest-environment jsdom
/** The load error dialog says what went wrong in the user's language, with the technical detail folded away. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidResponseError, RequestError } from '../../../src/api/errors';
import { loadErrorOf } from '../../../src/machines/viewer/viewerMachine';
import { LoadErrorDialog } from '../../../src/ui/dialogs/LoadErrorDialog';
import { SessionEndedScreen } from '../../../src/ui/viewer/LoadStatus';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

describe('load errors', () => {
  it('names each failure after the error catalogue, keeping the technical text as detail', () => {
    const read = (error: unknown) => loadErrorOf({ type: 'xstate.error.actor.fetchProject', error });
    expect(read(new InvalidResponseError('currentStage'))).toMatchObject({ code: 'invalidResponse' });
    expect(read(new RequestError('GET', '/api/v1/projects/7', 500, 'Internal Server Error'))).toEqual({
      code: 'requestFailed',
      status: 500,
      detail: 'Request failed: GET /api/v1/projects/7 500 Internal Server Error',
    });
    expect(read(new TypeError('Failed to fetch'))).toEqual({ code: 'unreachable', detail: 'Failed to fetch' });
    expect(loadErrorOf({ type: 'load.failed', error: 'GET /m.glb failed: 404 Not Found', status: 404 })).toMatchObject({ code: 'requestFailed', status: 404 });
    expect(loadErrorOf({ type: 'load.failed', error: 'Invalid GLB header' })).toEqual({ code: 'invalidProject', detail: 'Invalid GLB header' });
  });

  it('shows the sentence in French and folds the detail away', () => {
    const error = loadErrorOf({ type: 'xstate.error.actor.fetchProject', error: new InvalidResponseError('currentStage') });
    renderWithLocale(<LoadErrorDialog open error={error} onClose={() => {}} />, 'fr');
    expect(screen.getByText('Réponse non valide du serveur.')).toBeTruthy();
    const details = screen.getByText('Détails').closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('Invalid response from server: currentStage');
    expect(screen.queryByText(/Request failed/)).toBeNull();
  });

  it('says "invalid project." for a model that cannot be used, and the status of a refused request', () => {
    renderWithLocale(<LoadErrorDialog open error={loadErrorOf({ type: 'load.failed', error: 'Invalid GLB header' })} onClose={() => {}} />);
    expect(screen.getByText('invalid project.')).toBeTruthy();
    cleanup();
    renderWithLocale(<LoadErrorDialog open error={loadErrorOf({ type: 'load.failed', error: 'GET /m.glb failed: 403', status: 403 })} onClose={() => {}} />);
    expect(screen.getByText('The server refused the request (403).')).toBeTruthy();
  });

  it('says the browser cannot show 3D when the engine could not start', () => {
    renderWithLocale(<LoadErrorDialog open error={loadErrorOf({ type: 'load.failed', error: 'WebGL is not available', noEngine: true })} onClose={() => {}} />, 'fr');
    expect(screen.getByText('Ce navigateur ne peut pas afficher la 3D ici (WebGL est désactivé ou indisponible).')).toBeTruthy();
    expect(screen.queryByText('invalid project.')).toBeNull();
  });

  it('says in French that a link leads nowhere, and Close returns (the caller goes to /)', async () => {
    const closed: string[] = [];
    const error = { code: 'linkNotFound' as const, status: 404, detail: 'Request failed: GET /api/v1/projects/accessKeys/k1 404 Not Found' };
    renderWithLocale(<LoadErrorDialog open error={error} onClose={() => closed.push('closed')} />, 'fr');
    expect(screen.getByRole('alertdialog', { name: 'Erreur' })).toBeTruthy();
    expect(screen.getByText('Ce lien n’est pas valide, ou le projet n’est plus partagé.')).toBeTruthy();
    screen.getByRole('button', { name: 'Fermer' }).click();
    expect(closed).toEqual(['closed']);
  });

  it('offers to log in again, and come back, when the session ended', () => {
    renderWithLocale(<SessionEndedScreen returnTo="/projects/12" />);
    expect(screen.getByRole('heading').textContent).toBe('Your session has expired');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fprojects%2F12');
  });
});
