/**
 * The contract's types and constants that views may use. Views never import `src/api`
 * directly (layer rule); they read them from here.
 */
export {
  STAGES,
  LANGUAGES,
  DISTANCE_UNITS,
  INCH_FRACTIONS,
  SHARE_OPTION_KEYS,
  MODEL_EXTENSIONS,
  DEFAULT_AVATAR_URL,
  GUEST_USER,
  UNLIMITED_SKU,
} from '../api/schemas';
export type {
  PartDifference,
  RevisionChanges,
  Stage,
  Language,
  DistanceUnit,
  InchFraction,
  ShareOptions,
  ShareOptionKey,
  Project,
  SharedProject,
  UserInfo,
  Settings,
  Comment,
  Attachment,
  SubscriptionPlan,
  Branding,
  RuntimeConfig,
} from '../api/schemas';
export { PROJECT_NAME_MAX, projectNameError, type ProjectNameError } from '../api/projectName';
export type { ConversionNote } from '../api/conversionNotes';
