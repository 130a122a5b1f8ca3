/** Project workflow stages, in order (SPEC §4). The list itself is part of the contract. */
import { STAGES, type Stage } from '../../src/api/schemas';

export const INITIAL_STAGE: Stage = 'new';

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}
