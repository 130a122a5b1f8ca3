/**
 * The review machine, model-based: every generated path replayed on the real machine with
 * controlled calls and a recording engine child, each step checked against the oracle of
 * tests/models/review.ts (written from the review's rules, not from the machine).
 */
import { modelTests } from '../helpers/modelTests';
import { reviewModel } from '../models/review';

modelTests(reviewModel);
