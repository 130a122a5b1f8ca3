// @vitest-environment jsdom
/** The data sheet shows sizes in the user's unit, with the encoded size when it was in the other unit. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parsePartName } from '../../../src/model/parts/partName';
import type { PartNode } from '../../../src/machines/viewer/viewerTypes';
import { DataSheetPanel } from '../../../src/ui/viewer/panels/DataSheetPanel';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

function panel(rawName: string): PartNode {
  const parsed = parsePartName(rawName, 'panel');
  return { id: '1', name: parsed.displayName, rawName, children: [], parent: null, size: parsed.size ?? null, additionalInfo: parsed.extraInfo ?? null, isVisible: true };
}

const rows = () => Object.fromEntries(screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

describe('data sheet units', () => {
  it('shows a part named in inches in millimetres for a millimetre user, with the encoded inches', () => {
    renderWithLocale(<DataSheetPanel part={panel('Door+23_3_4x0_3_4x15in|Oak')} unit="mm" />);
    // SPEC §9: 1 m = 39.3701 in, so 23.75 in = 603.249 mm (not 603.25), shown to 0.1 mm.
    expect(rows()).toMatchObject({ Length: '603.2 mm (23.75 in)', Thickness: '19.0 mm (0.75 in)', Width: '381.0 mm (15 in)' });
  });

  it('shows a part named in millimetres in inches for an inch user, with the encoded millimetres', () => {
    renderWithLocale(<DataSheetPanel part={panel('Shelf+563,5x18x300mm')} unit="in" />);
    expect(rows()).toMatchObject({ Length: '22.185 in (563.5 mm)', Thickness: '0.709 in (18 mm)', Width: '11.811 in (300 mm)' });
  });

  it('keeps a size in the unit it was encoded in when that is the user\'s', () => {
    renderWithLocale(<DataSheetPanel part={panel('Shelf+563,5x18x300mm')} unit="mm" />);
    expect(rows()).toMatchObject({ Length: '563.5 mm', Thickness: '18 mm', Width: '300 mm' });
  });

  it('writes the numbers with a decimal comma in French', () => {
    renderWithLocale(<DataSheetPanel part={panel('Shelf+563,5x18x300mm')} unit="in" />, 'fr');
    const values = Object.values(rows());
    expect(values).toContain('22,185 in (563,5 mm)');
    expect(values).toContain('0,709 in (18 mm)');
  });
});
