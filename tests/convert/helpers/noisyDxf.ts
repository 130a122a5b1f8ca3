/** A DXF that makes dxf-parser print one warning per group of its OBJECTS section (code 500 has no type). */
import { generateAssembly } from '../../../samples/generate.js';
import { assemblyToDxf } from '../../../samples/writers/dxf.js';

export function noisyDxf(warnings: number): Uint8Array {
  const dxf = assemblyToDxf(generateAssembly({ parts: 3 }));
  const noise = `0\nSECTION\n2\nOBJECTS\n${'500\nnoise\n'.repeat(warnings)}0\nENDSEC\n`;
  return new TextEncoder().encode(dxf.replace(/0\nEOF\s*$/, `${noise}0\nEOF\n`));
}
