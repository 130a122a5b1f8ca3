// @vitest-environment jsdom
/** The cost estimate in a guest's shared-project panel: read from the link's route where the owner offers it, absent otherwise. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Estimate } from '../../../src/model/cutting/estimate';
import { ALL_SHARE_OPTIONS } from '../../../src/api/schemas';
import { SharedProjectPanel } from '../../../src/ui/viewer/panels/SharedProjectPanel';
import { renderWithServices, SAMPLE_LINK } from '../../helpers/appHarness';
import { fakeProjectsApi } from '../../helpers/fakeProjectsApi';

afterEach(cleanup);

const estimate: Estimate = {
  currency: 'EUR',
  revision: 3,
  lines: [
    { kind: 'board', name: 'Melamine white 18', thickness: 18, quantity: 2, unit: 'sheet', unitPrice: 40, priced: true, amount: 80 },
    { kind: 'hardware', name: 'Hinge', thickness: null, quantity: 4, unit: 'item', unitPrice: 0, priced: false, amount: 0 },
  ],
  options: [],
  total: 80,
  previous: { revision: 2, total: 92.5, difference: -12.5 },
};

function apiAnswering(calls: unknown[]) {
  const api = fakeProjectsApi();
  api.getEstimate = async (ref) => {
    calls.push(ref);
    return estimate;
  };
  return api;
}

describe('estimate on a link', () => {
  it('shows the owner’s estimate with its difference where the link offers it', async () => {
    const calls: unknown[] = [];
    renderWithServices(<SharedProjectPanel project={{ ...SAMPLE_LINK, shareOptions: { ...ALL_SHARE_OPTIONS, isEstimateAvailable: true } }} accessKey="k1" />, { projectsApi: apiAnswering(calls) });
    expect((await screen.findByTestId('estimate-total')).textContent).toBe('€80.00');
    expect(screen.getByTestId('estimate-difference').textContent).toContain('Difference from revision 2: −€12.50');
    expect(screen.getByText('2 sheets × €40.00')).toBeTruthy();
    // A guest reads an item without a price by its quantity (the owner's page says "no price set").
    expect(screen.getByText('4 items')).toBeTruthy();
    expect(calls).toEqual([{ accessKey: 'k1' }]);
  });

  it('shows a line without a price by its quantity alone, and material names as people write them', async () => {
    const api = fakeProjectsApi();
    api.getEstimate = async () => ({
      ...estimate,
      lines: [{ kind: 'board', name: 'Maple ply 0_3_4in', thickness: 19.05, quantity: 2, unit: 'sheet', unitPrice: 40, priced: true, amount: 80 }, estimate.lines[1]],
    });
    renderWithServices(<SharedProjectPanel project={{ ...SAMPLE_LINK, shareOptions: { ...ALL_SHARE_OPTIONS, isEstimateAvailable: true } }} accessKey="k1" />, { projectsApi: api });
    expect((await screen.findByTestId('estimate-total')).textContent).toBe('€80.00');
    const lines = screen.getAllByTestId('estimate-line').map((line) => line.textContent);
    expect(lines[0]).toContain('Maple ply 3/4"');
    expect(lines[0]).not.toContain('0_3_4');
    expect(lines[1]).toContain('4 items');
    expect(lines[1]).not.toContain('€');
    expect(lines[1]).not.toContain('no price set');
  });

  it('shows quantities only, without amounts or total, when the owner set no price', async () => {
    const api = fakeProjectsApi();
    api.getEstimate = async () => ({
      currency: 'EUR',
      revision: 3,
      lines: [
        { kind: 'board', name: 'Lacquer grey 19', thickness: 19, quantity: 3, unit: 'sheet', unitPrice: 0, priced: false, amount: 0 },
        { kind: 'hardware', name: 'Hinge', thickness: null, quantity: 4, unit: 'item', unitPrice: 0, priced: false, amount: 0 },
        { kind: 'labour', name: '', thickness: null, quantity: 12, unit: 'part', unitPrice: 0, priced: false, amount: 0 },
      ],
      options: [],
      total: 0,
      previous: { revision: 2, total: 0, difference: 0 },
    });
    renderWithServices(<SharedProjectPanel project={{ ...SAMPLE_LINK, shareOptions: { ...ALL_SHARE_OPTIONS, isEstimateAvailable: true } }} accessKey="k1" />, { projectsApi: api });
    expect((await screen.findAllByTestId('estimate-line')).length).toBe(3);
    const panel = screen.getByTestId('link-estimate');
    expect(panel.textContent).toContain('3 sheets');
    expect(panel.textContent).toContain('4 items');
    expect(panel.textContent).not.toContain('€');
    expect(screen.queryByTestId('estimate-total')).toBeNull();
    expect(screen.queryByTestId('estimate-difference')).toBeNull();
    expect(screen.getByTestId('estimate-quantities-only')).toBeTruthy();
  });

  it('is not there, and not asked for, without isEstimateAvailable', () => {
    const calls: unknown[] = [];
    renderWithServices(<SharedProjectPanel project={{ ...SAMPLE_LINK, shareOptions: { ...ALL_SHARE_OPTIONS, isEstimateAvailable: false } }} accessKey="k1" />, { projectsApi: apiAnswering(calls) });
    expect(screen.queryByTestId('link-estimate')).toBeNull();
    expect(calls).toEqual([]);
  });
});
