import { describe, expect, it } from 'vitest';
import { formatAngle, formatInches, formatLength, inchFraction } from '../../src/model/units/lengthFormat';

describe('joiner fractions', () => {
  it('rounds to the nearest 1/16 and reduces', () => {
    expect(formatLength(0.6, 'in16')).toBe('23 5/8"'); // 23.622 in
    expect(formatInches(0.5, 16)).toBe('1/2"');
    expect(formatInches(3.03, 16)).toBe('3"'); // 3 0.48/16 rounds down
    expect(formatInches(3.97, 16)).toBe('4"'); // rounds up into the next inch
    expect(formatInches(-1.25, 16)).toBe('-1 1/4"');
    expect(formatInches(0.01, 16)).toBe('0"');
  });

  it('keeps finer fractions at 1/32 and 1/64', () => {
    expect(formatLength(0.6, 'in32')).toBe('23 5/8"'); // 755.9/32 -> 756/32
    expect(formatLength(0.6, 'in64')).toBe('23 5/8"'); // 1511.8/64 -> 1512/64
    expect(formatInches(1 + 3 / 64 + 0.001, 64)).toBe('1 3/64"');
    expect(formatInches(1 + 3 / 64, 32)).toBe('1 1/16"'); // 1.5/32 rounds half up to 2/32
    expect(inchFraction(22.2047, 32)).toEqual({ negative: false, whole: 22, numerator: 7, denominator: 32 });
  });

  it('writes millimetres and degrees to one decimal', () => {
    expect(formatLength(0.56404, 'mm')).toBe('564.0 mm');
    expect(formatLength(0.01875, 'mm', ',')).toBe('18,8 mm');
    expect(formatAngle(89.96)).toBe('90.0°');
    expect(formatAngle(22.5, ',')).toBe('22,5°');
  });
});
