/**
 * Presenting, model-based: every generated path replayed on the real machine, each step checked
 * against the oracle of tests/models/presenter.ts.
 */
import { modelTests } from '../helpers/modelTests';
import { presenterModel } from '../models/presenter';

modelTests(presenterModel);
