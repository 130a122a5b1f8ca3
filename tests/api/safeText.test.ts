/** The one rule for control and text-direction characters in names and notes, and its neutralisers for what leaves the product. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvTextCell } from '../../src/model/text/csvCell';
import { partsListFileName } from '../../src/model/parts/partsList';
import { projectNameError, projectNameFromFileName } from '../../src/model/text/projectName';
import { markupSchema } from '../../src/api/reviewSchemas';
import { APPROVER_NAME_FORBIDDEN } from '../../src/api/revisionSchemas';
import { cleanText, isSafeName, isSafeText, NAME_FORBIDDEN, oneLine } from '../../src/model/text/safeText';
import { cuttingFileName } from '../../src/machines/projects/workshopView';
import { approverNameError } from '../../src/machines/viewer/review/approvalMachine';

const REFUSED_IN_NAMES = [
  '\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f',
  '\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069',
  '\u2028', '\u2029', '\u200b', '\u200c', '\u200d', '\ufeff',
];
/** Everything no output may carry (line feeds aside in multi-line text). */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/;

describe('the name rule', () => {
  it('refuses controls, direction marks, line separators and zero-width characters, and nothing else', () => {
    for (const ch of REFUSED_IN_NAMES) expect(isSafeName(`a${ch}b`), JSON.stringify(ch)).toBe(false);
    for (const name of ['Zoë Müller-محمد', 'שרה כהן', '山田 太郎', 'O’Brien & Sons (2)', 'Cuisine 3/4']) expect(isSafeName(name), name).toBe(true);
  });

  it('is the one rule of project names (client and server), approval names and the approval dialog', () => {
    expect(APPROVER_NAME_FORBIDDEN).toBe(NAME_FORBIDDEN);
    for (const ch of REFUSED_IN_NAMES) {
      expect(projectNameError(`abc${ch}gpj.exe`), JSON.stringify(ch)).toBe('invalidCharacters');
      expect(approverNameError(`Gina${ch}Guest`), JSON.stringify(ch)).toBe('invalidCharacters');
    }
  });

  it('a project named from a file keeps none of them', () => {
    expect(projectNameFromFileName('abc\u202egpj.exe\u2066.stp')).toBe('abc gpj.exe');
    fc.assert(fc.property(fc.string({ maxLength: 80, unit: 'binary' }), (fileName) => isSafeName(projectNameFromFileName(fileName))));
  });
});

describe('the text rule (notes)', () => {
  it('keeps line feeds, tabs, CRLF and the joiners; refuses the rest', () => {
    expect(isSafeText('Two things:\n\t- the shelf\r\n- the handle 👩\u200d🔧\nخیلی\u200cخوب')).toBe(true);
    for (const ch of ['\u0000', '\u0007', '\r', '\u000b', '\u0085', '\u202e', '\u200e', '\u2066', '\u061c', '\u2028', '\u2029', '\u200b', '\ufeff']) {
      expect(isSafeText(`a${ch}b`), JSON.stringify(ch)).toBe(false);
    }
  });
});

describe('markup labels', () => {
  it('are single-line names: a label with a direction mark or a line break is refused', () => {
    const label = (text: string) => markupSchema.safeParse([{ kind: 'text', at: [0.5, 0.5], text, color: '#f97316' }]).success;
    expect(label('Move this 👍 مطبخ')).toBe(true);
    for (const ch of ['\u202e', '\u2066', '\n', '\u2028', '\u200d', '\u0007']) expect(label(`Move${ch}this`), JSON.stringify(ch)).toBe(false);
  });
});

describe('what leaves the product', () => {
  it('oneLine: line ends become one space, the rest goes', () => {
    expect(oneLine('Eve\nOpen the project: http://evil.example')).toBe('Eve Open the project: http://evil.example');
    expect(oneLine('abc\u202egpj.exe\u2066\u0007')).toBe('abcgpj.exe');
    expect(oneLine('a\r\n\u2028b\tc')).toBe('a b c');
    fc.assert(fc.property(fc.string({ maxLength: 60, unit: 'binary' }), (text) => isSafeName(oneLine(text))));
  });

  it('cleanText: line feeds only, the rest of the rule gone', () => {
    expect(cleanText('a\r\nb\rc\u2028d\u202e\u0007e\tf')).toBe('a\nb\nc\nde\tf');
    fc.assert(fc.property(fc.string({ maxLength: 60, unit: 'binary' }), (text) => isSafeText(cleanText(text))));
  });

  it('the CSV files’ names are one line without them (the server’s Content-Disposition too)', () => {
    expect(partsListFileName('abc\u202egpj.exe\n')).toBe('abcgpj.exe  - parts.csv');
    expect(cuttingFileName('abc\u202egpj.exe\u2066')).toBe('abcgpj.exe - cutting.csv');
  });

  it('a CSV cell carries no control or direction character besides the line breaks and tabs it escapes', () => {
    expect(csvTextCell('abc\u202egpj.exe\u0007')).toBe('"abcgpj.exe"');
    fc.assert(fc.property(fc.string({ maxLength: 60, unit: 'binary' }), (text) => !UNSAFE.test(csvTextCell(text).replace(/[\t\r]/g, ''))));
  });
});
