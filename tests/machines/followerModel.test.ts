/**
 * Following a presentation, model-based: every generated path replayed on the real machine, each
 * step checked against the oracle of tests/models/follower.ts.
 */
import { modelTests } from '../helpers/modelTests';
import { followerModel } from '../models/follower';

modelTests(followerModel);
