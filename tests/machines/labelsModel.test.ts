/**
 * The labels machine, model-based: every generated path replayed on the real machine with a
 * controlled read, each step checked against the oracle of tests/models/labels.ts (written from
 * the labels' rules, not from the machine).
 */
import { modelTests } from '../helpers/modelTests';
import { labelsModel } from '../models/labels';

modelTests(labelsModel);
