/**
 * The link's estimate machine, model-based: every generated path replayed on the real machine
 * with a controlled read, each step checked against the oracle of tests/models/linkEstimate.ts
 * (read once for its access key, shown, or failed and read again).
 */
import { modelTests } from '../helpers/modelTests';
import { linkEstimateModel } from '../models/linkEstimate';

modelTests(linkEstimateModel);
