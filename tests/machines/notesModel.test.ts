/**
 * The notes machines (comments and hyperlinks), model-based: every generated path replayed on the
 * real machine with a controlled server, each step checked against the oracle of
 * tests/models/notes.ts (written from the rules of comments and hyperlinks, not from the machine).
 */
import { modelTests } from '../helpers/modelTests';
import { commentsModel, hyperlinksModel } from '../models/notes';

modelTests(commentsModel);
modelTests(hyperlinksModel);
