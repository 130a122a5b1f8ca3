/** Delete confirmation machine: model-based paths, the DELETE answered or failed, cancel and retry (oracle: tests/models/delete.ts). */
import { modelTests } from '../helpers/modelTests';
import { deleteModel } from '../models/delete';

modelTests(deleteModel);
