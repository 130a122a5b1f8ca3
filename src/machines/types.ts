/**
 * The contract's types and constants that views may use. Views never import `src/api`
 * directly (layer rule); they read them from here.
 */
export {
  STAGES,
  DISTANCE_UNITS,
  INCH_FRACTIONS,
  SHARE_OPTION_KEYS,
} from '../api/schemas';
export type {
  PartDifference,
  RevisionChanges,
  Stage,
  DistanceUnit,
  InchFraction,
  Project,
  SharedProject,
  RuntimeConfig,
} from '../api/schemas';
export { PROJECT_NAME_MAX, type ProjectNameError } from '../model/text/projectName';
export type { ConversionNote } from '../api/conversionNotes';
