/**
 * Writes the dimensions part of an encoded node name (`Display name+Dimensions|Extra info`).
 * Millimetres use a comma as the decimal mark (`298,5`); inches use `whole_num_den`
 * fractions to the nearest 1/16 (`23_1_2`, `0_3_4`).
 */
export type DimensionUnit = 'mm' | 'in';

export const MM_PER_INCH = 25.4;

export function formatMillimetres(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return String(rounded).replace('.', ',');
}

export function formatInches(value: number): string {
  const sixteenths = Math.round(value * 16);
  const whole = Math.floor(sixteenths / 16);
  let num = sixteenths % 16;
  if (num === 0) return String(whole);
  let den = 16;
  while (num % 2 === 0) {
    num /= 2;
    den /= 2;
  }
  return `${whole}_${num}_${den}`;
}

/** Formats values given in `unit`, e.g. `[720, 560, 18]` -> `720x560x18mm`. */
export function formatDimensions(values: number[], unit: DimensionUnit, withSuffix = true): string {
  const text = values.map(unit === 'mm' ? formatMillimetres : formatInches).join('x');
  return withSuffix ? `${text}${unit}` : text;
}

export function encodeName(display: string, dimensions: string, extra: string): string {
  return `${display}+${dimensions}|${extra}`;
}
