/**
 * The link's options machine, model-based: every generated path replayed on the real machine with
 * controlled reads, each step checked against the oracle of tests/models/linkOptions.ts (the
 * selection, the colours on the model, the estimate read for the current selection, the URL).
 * And the recolour actor against a fake engine: it paints on start and gives the colours back on stop.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { createRecolourActor } from '../../src/machines/viewer/review/linkOptionsMachine';
import type { EngineSlot } from '../../src/machines/viewer/load/enginePort';
import { modelTests } from '../helpers/modelTests';
import { linkOptionsModel } from '../models/linkOptions';

modelTests(linkOptionsModel);

describe('the recolour actor', () => {
  it('draws the colours once the engine is ready and removes them when it stops', async () => {
    const setPartColours = vi.fn();
    const engine = { setPartColours };
    const slot = { ready: () => Promise.resolve(engine), get: () => engine } as unknown as EngineSlot;
    const parent = setup({ actors: { recolour: createRecolourActor() } }).createMachine({
      invoke: { src: 'recolour', input: { slot, colours: { '#ffffff': ['3'] } } },
    });
    const actor = createActor(parent).start();
    await Promise.resolve();
    expect(setPartColours).toHaveBeenLastCalledWith({ '#ffffff': ['3'] });
    actor.stop();
    expect(setPartColours).toHaveBeenLastCalledWith({});
  });
});
