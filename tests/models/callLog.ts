/**
 * Every call a system under test asked of its controlled promise actors, in order, settled or not
 * (the `pending` queues only hold the calls in flight): what an oracle compares with the calls
 * the rules say go out.
 */
import type { Sut } from '../helpers/modelBased';

export type LoggedSut = Sut & { calls: Record<string, unknown[]> };

export function withCallLog(sut: Sut): LoggedSut {
  const calls: Record<string, unknown[]> = {};
  for (const [id, queue] of Object.entries(sut.pending)) {
    // The calls made while the actor started are already queued.
    calls[id] = queue.map((call) => call.input);
    const push = queue.push.bind(queue);
    queue.push = (...added) => {
      calls[id].push(...added.map((call) => call.input));
      return push(...added);
    };
  }
  return Object.assign(sut, { calls });
}
