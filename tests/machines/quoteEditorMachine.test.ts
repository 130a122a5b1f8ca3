/**
 * The quote editor machine, model-based: every generated path replayed on the real machine with
 * controlled reads and saves, each step checked against the oracle of tests/models/quoteEditor.ts
 * (a draft checked before it is sent, ids from names, a refusal kept by its code; the preview of a
 * selection read again when a choice is picked or the options are saved; the PDF saved one at a time).
 */
import { modelTests } from '../helpers/modelTests';
import { quoteEditorModel } from '../models/quoteEditor';

modelTests(quoteEditorModel);
