// @vitest-environment jsdom
/**
 * The workshop page's views: a part label's QR code decoded from pixels (jsQR) gives the part's
 * link; labels and diagrams show the numbers, sizes (mm, inch fractions, French decimal commas);
 * the settings form words its problems in the user's language.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { planCutting } from '../../../src/model/cutting/cuttingPlan';
import { DEFAULT_WORKSHOP_SETTINGS } from '../../../src/model/cutting/workshopSettings';
import { workshopPartsOf } from '../../../src/model/cutting/workshopParts';
import type { NamedTree } from '../../../src/model/parts/partsList';
import { partLabelsOf, settingsErrorsOf } from '../../../src/machines/projects/workshopView';
import { CuttingDiagrams } from '../../../src/ui/workshop/CuttingDiagrams';
import { PartLabels } from '../../../src/ui/workshop/PartLabels';
import { WorkshopSettingsForm } from '../../../src/ui/workshop/WorkshopSettingsForm';
import { decodeQr } from '../../helpers/qrDecode';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

const tree: NamedTree = {
  roots: ['0'],
  nodes: {
    '0': { rawName: 'Kitchen+1x1x1mm|Seed', children: ['1', '4'] },
    '1': { rawName: 'Base 1+720x560x600mm|Run A', children: ['2', '3'] },
    '2': { rawName: 'Left side+720x18x560,5mm|Melamine white 18', children: [] },
    '3': { rawName: 'Shelf+564x18x500mm|Melamine white 18', children: [] },
    '4': { rawName: 'Base 2+720x560x600mm|Run A', children: ['5'] },
    '5': { rawName: 'Door+716x19x597mm|Oak veneer 19', children: [] },
  },
};
const plan = planCutting(workshopPartsOf(tree, DEFAULT_WORKSHOP_SETTINGS), DEFAULT_WORKSHOP_SETTINGS, 'guillotine');
const labels = partLabelsOf(plan, 'AbcDEF123', 'https://cv.example');

describe('part labels', () => {
  it('carry a QR code that decodes, from pixels, to the link of their part', () => {
    renderWithLocale(<PartLabels labels={labels} format="a4" unit="mm" />);
    const cards = screen.getAllByTestId('part-label');
    expect(cards).toHaveLength(3);
    cards.forEach((card, i) => {
      const decoded = decodeQr(within(card).getByTestId('qr-code') as unknown as SVGElement);
      expect(decoded).toBe(labels[i].url);
    });
    const door = labels.find((l) => l.name === 'Door')!;
    expect(door.url).toBe(`https://cv.example/s/AbcDEF123?filter=Base%202&part=${encodeURIComponent('Door+716x19x597mm|Oak veneer 19')}`);
  });

  it('show number, name, cabinet, finished size and material, in inches as sixteenths', () => {
    renderWithLocale(<PartLabels labels={labels} format="roll" unit="in" />);
    const first = screen.getAllByTestId('part-label')[0];
    expect(first.textContent).toContain(String(labels[0].number));
    const side = screen.getByRole('article', { name: /Left side/ });
    // 720 x 560.5 x 18 mm = 28 3/8 x 22 1/16 x 11/16 in.
    expect(side.textContent).toContain('28 3/8 × 22 1/16 × 11/16 in');
    expect(side.textContent).toContain('Melamine white 18');
    expect(side.textContent).toContain('Base 1');
  });
});

describe('cutting diagrams', () => {
  it('draw each sheet with its numbered parts and the figures, French numbers with a comma', () => {
    renderWithLocale(<CuttingDiagrams plan={plan} unit="mm" />, 'fr');
    expect(screen.getAllByTestId('sheet-diagram')).toHaveLength(2);
    expect(screen.getAllByTestId('sheet-part').map((g) => g.textContent?.replace(/^.*?(\d+)$/s, '$1'))).toEqual(['1', '2', '3']);
    expect(screen.getByTestId('total-sheets').textContent).toContain('2');
    expect(document.body.textContent).toContain('560,5 mm');
    expect(screen.getAllByTestId('group-sheets')[0].textContent).toBe('1 panneau');
  });
});

describe('settings form', () => {
  it('says what is wrong in French', () => {
    const draft = { ...DEFAULT_WORKSHOP_SETTINGS, currency: 'E', materials: [{ name: 'Chêne', ...DEFAULT_WORKSHOP_SETTINGS.defaultMaterial, kerf: Number.NaN }] };
    const errors = settingsErrorsOf(draft);
    renderWithLocale(<WorkshopSettingsForm draft={draft} errors={errors} saving={false} saveFailed={false} onChange={() => {}} onSave={() => {}} />, 'fr');
    const alert = screen.getByTestId('settings-errors');
    expect(alert.textContent).toContain('La devise est un code de trois lettres');
    expect(alert.textContent).toContain('Chêne – Trait de scie (mm) : saisissez un nombre.');
  });
});
