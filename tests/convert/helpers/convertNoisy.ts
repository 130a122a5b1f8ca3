/**
 * Run as its own process by quietWorker.test.ts: converts a noisy DXF in the real worker pool and
 * reports on stderr, as one JSON line, what the converter handed back of the parser's output.
 * Its stdout must stay empty.
 */
import { createConverter } from '../../../server/convert/converter.js';
import type { CapturedOutput } from '../../../server/convert/workerConsole.js';
import { noisyDxf } from './noisyDxf.js';

const converter = createConverter({ threads: 1 });
let output: CapturedOutput | undefined;
const { stats } = await converter.convert({ fileName: 'noisy.dxf', bytes: noisyDxf(5000), onOutput: (o) => (output = o) });
await converter.close();
process.stderr.write(`${JSON.stringify({ triangles: stats.triangles, output })}\n`);
