/**
 * The workshop machine, model-based: every generated path replayed on the real machine with
 * controlled reads and saves, each step checked against the oracle of tests/models/workshop.ts
 * (the estimate asked for the current mode, only a draft that holds sent, a saved draft becoming
 * the settings the diagrams use), written from the workshop's rules, not from the machine.
 */
import { modelTests } from '../helpers/modelTests';
import { workshopModel } from '../models/workshop';

modelTests(workshopModel);
