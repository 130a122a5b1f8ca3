/**
 * The machining machine, model-based: every generated path replayed on the real machine with
 * controlled reads and saves, each step checked against the oracle of tests/models/machining.ts
 * (read only when wanted or at once, shown, failed and read again; files saved one at a time).
 */
import { modelTests } from '../helpers/modelTests';
import { machiningModel } from '../models/machining';

modelTests(machiningModel);
