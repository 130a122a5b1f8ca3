/**
 * The in-page AR machine, model-based: every generated path replayed on the real machine with a
 * controlled browser session, each step checked against the oracle of tests/models/roomAr.ts
 * (written from the rules of "View in your room", not from the machine).
 */
import { modelTests } from '../helpers/modelTests';
import { roomArModel } from '../models/roomAr';

modelTests(roomArModel);
