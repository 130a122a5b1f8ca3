/**
 * The link's approval machine, model-based: every path of its model replayed on the real machine
 * with a controlled approval call, each step checked against an oracle written here from the
 * rules of client approval (tests/models/approval.ts), not from the machine.
 */
import { modelTests } from '../helpers/modelTests';
import { approvalModel } from '../models/approval';

modelTests(approvalModel);
