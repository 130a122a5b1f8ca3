/**
 * The revisions machine, model-based: every path of its model replayed on the real machine with
 * controlled calls, each step checked against the oracle of tests/models/revisions.ts (written
 * from the rules of revisions, not from the machine), with the real messages to its parent.
 */
import { modelTests } from '../helpers/modelTests';
import { revisionsModel } from '../models/revisions';

modelTests(revisionsModel);
