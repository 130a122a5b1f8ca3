/**
 * A material's name as people write it. Cabinet software writes sizes in a material's name the way
 * it encodes part names (SPEC §3, DESIGN "Part names"): fractions as `whole_num_den` or `num_den`,
 * a two-letter `in` or `mm` suffix. So a model says `Maple ply 0_3_4in` where a workshop says
 * `Maple ply 3/4"`. The name itself stays as written wherever it is matched (the owner's materials
 * and prices, the groups of the cutting plan); this is only how it is shown.
 */

/** A size token alone between non-letters: a fraction (`0_3_4`, `3_4`) or a plain number, then its unit. */
const SIZE_TOKEN = /(?<![\p{L}\p{N}_])(\d+_\d+_\d+|\d+_\d+|\d+(?:[.,]\d+)?)(in|mm)?(?![\p{L}\p{N}_])/giu;

function fractionText(token: string): string | null {
  const parts = token.split('_').map(Number);
  if (parts.length === 1) return null;
  const [whole, num, den] = parts.length === 3 ? parts : [0, parts[0], parts[1]];
  if (den === 0) return null;
  if (num === 0) return String(whole);
  return whole === 0 ? `${num}/${den}` : `${whole} ${num}/${den}`;
}

export function materialLabel(name: string): string {
  return name.replace(SIZE_TOKEN, (match: string, number: string, unit: string | undefined) => {
    const fraction = fractionText(number);
    const value = fraction ?? number;
    const u = unit?.toLowerCase();
    if (u === 'in') return `${value}"`;
    if (fraction === null) return match;
    return u === 'mm' ? `${value} mm` : value;
  });
}
