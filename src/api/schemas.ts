/**
 * THE CONTRACT: zod schemas of every entity, request and answer of SPEC §3 and §7.
 *
 * The schemas describe values as they travel on the wire. Parsing converts them to what the
 * client works with (seconds timestamps become Date objects; absent share flags on shared
 * links become false). The server types its answers with `z.input<typeof Schema>` and its
 * tests parse every answer with the same schemas, so the two sides cannot drift.
 *
 * Written with `zod/mini` (functions, not methods): the same checks as classic zod, but a bundler
 * keeps only what is used, which keeps the login and list routes small.
 */
import * as z from 'zod/mini';
import { conversionNotesSchema } from './conversionNotes';
import { approvalSchema } from './revisionSchemas';
import { distanceUnitSchema, inchFractionSchema, languageSchema, secondsDateSchema, stageSchema } from './wireValues';

export * from './wireValues';
export * from './noteSchemas';
export * from './revisionSchemas';
export * from './reviewSchemas';

export const SHARE_OPTION_KEYS = [
  'isHierarchyVisible',
  'isCommentsVisible',
  'isAttachmentVisible',
  'isClippingPlaneAvailable',
  'isXRayRenderModeAvailable',
  'isIllustrationRenderModeAvailable',
  'isWireframeRenderModeAvailable',
  'isPartsListAvailable',
  'isApprovalAvailable',
  'isEstimateAvailable',
  'isOptionsAvailable',
  'isArAvailable',
] as const;
export type ShareOptionKey = (typeof SHARE_OPTION_KEYS)[number];

/** Share options as the owner sees and sets them: every flag present. */
export const shareOptionsSchema = z.object({
  isHierarchyVisible: z.boolean(),
  isCommentsVisible: z.boolean(),
  isAttachmentVisible: z.boolean(),
  isClippingPlaneAvailable: z.boolean(),
  isXRayRenderModeAvailable: z.boolean(),
  isIllustrationRenderModeAvailable: z.boolean(),
  isWireframeRenderModeAvailable: z.boolean(),
  /** The parts list (panel and CSV) on the link; off by default. */
  isPartsListAvailable: z.boolean(),
  /** The link's Approve button while the project waits for approval; off by default. */
  isApprovalAvailable: z.boolean(),
  /** The cost estimate of the current revision on the link; off by default. */
  isEstimateAvailable: z.boolean(),
  /** The client's options (finishes to choose, priced) on the link, with the estimate; off by default (and from servers older than it). */
  isOptionsAvailable: z._default(z.boolean(), false),
  /** "View in your room" on the link, and its AR files (AR GLB, USDZ); on by default for new links. */
  isArAvailable: z.boolean(),
});
export type ShareOptions = z.infer<typeof shareOptionsSchema>;

/** Share options read on a shared link: an absent flag means false. */
const sharedShareOptionsSchema = z._default(
  z.object({
    isHierarchyVisible: z._default(z.boolean(), false),
    isCommentsVisible: z._default(z.boolean(), false),
    isAttachmentVisible: z._default(z.boolean(), false),
    isClippingPlaneAvailable: z._default(z.boolean(), false),
    isXRayRenderModeAvailable: z._default(z.boolean(), false),
    isIllustrationRenderModeAvailable: z._default(z.boolean(), false),
    isWireframeRenderModeAvailable: z._default(z.boolean(), false),
    isPartsListAvailable: z._default(z.boolean(), false),
    isApprovalAvailable: z._default(z.boolean(), false),
    isEstimateAvailable: z._default(z.boolean(), false),
    isOptionsAvailable: z._default(z.boolean(), false),
    isArAvailable: z._default(z.boolean(), false),
  }),
  {
    isHierarchyVisible: false,
    isCommentsVisible: false,
    isAttachmentVisible: false,
    isClippingPlaneAvailable: false,
    isXRayRenderModeAvailable: false,
    isIllustrationRenderModeAvailable: false,
    isWireframeRenderModeAvailable: false,
    isPartsListAvailable: false,
    isApprovalAvailable: false,
    isEstimateAvailable: false,
    isOptionsAvailable: false,
    isArAvailable: false,
  },
);

/** On owned projects every option is available in the viewer. */
export const ALL_SHARE_OPTIONS: ShareOptions = {
  isHierarchyVisible: true,
  isCommentsVisible: true,
  isAttachmentVisible: true,
  isClippingPlaneAvailable: true,
  isXRayRenderModeAvailable: true,
  isIllustrationRenderModeAvailable: true,
  isWireframeRenderModeAvailable: true,
  isPartsListAvailable: true,
  isApprovalAvailable: true,
  isEstimateAvailable: true,
  // The client's options are the link's: the owner edits them on the workshop page.
  isOptionsAvailable: false,
  isArAvailable: true,
};

const projectIdSchema = z.int().check(z.positive());
export const accessKeySchema = z.string().check(z.regex(/^[A-Za-z0-9]+$/));

/** Project as its owner sees it (SPEC §3). */
export const projectSchema = z.object({
  id: projectIdSchema,
  name: z.string(),
  accessKey: accessKeySchema,
  currentStage: stageSchema,
  isPublished: z.boolean(),
  shareOptions: shareOptionsSchema,
  creationDate: secondsDateSchema,
  modificationDate: secondsDateSchema,
  revisionNumber: z.int().check(z.nonnegative()),
  modelUrl: z.string(),
  /** The revision's poster (WebP), or empty. Older servers did not send it. */
  thumbnailUrl: z._default(z.string(), ''),
  consumedUpdateCount: z.int().check(z.nonnegative()),
  maxUpdateCount: z.int().check(z.nonnegative()),
  ownerName: z.string(),
  /** What the current revision's conversion lost or assumed (owner only). Older servers did not send it. */
  conversionNotes: z._default(conversionNotesSchema, []),
  /** The client's approval of a revision through the link; null until then, cleared by a new revision. */
  approval: z._default(z.nullable(approvalSchema), null),
  /** The review's comments still open, replies not counted. Older servers did not send it. */
  openNoteCount: z._default(z.int().check(z.nonnegative()), 0),
});
export type Project = z.infer<typeof projectSchema>;
export type ProjectWire = z.input<typeof projectSchema>;
export const projectListSchema = z.array(projectSchema);

/** The public URL of a project: the site origin plus /s/ plus the access key. */
export function publicUrlOf(project: Pick<Project, 'accessKey'>, origin: string): string {
  return `${origin.replace(/\/+$/, '')}/s/${project.accessKey}`;
}

/** Project as a guest sees it through its access key (SPEC §3). */
export const sharedProjectSchema = z.object({
  name: z.string(),
  ownerName: z.string(),
  ownerAvatarUrl: z.string(),
  currentStage: stageSchema,
  shareOptions: sharedShareOptionsSchema,
  creationDate: secondsDateSchema,
  modificationDate: secondsDateSchema,
  revisionNumber: z.int().check(z.nonnegative()),
  modelUrl: z.string(),
  thumbnailUrl: z._default(z.string(), ''),
  /** Sent only while the link offers approval. */
  approval: z._default(z.nullable(approvalSchema), null),
});
export type SharedProject = z.infer<typeof sharedProjectSchema>;

/** Partial update of a project (PATCH projects/{id}). */
export const projectPatchSchema = z.strictObject({
  name: z.optional(z.string()),
  currentStage: z.optional(stageSchema),
  isPublished: z.optional(z.boolean()),
  // Every flag optional and none defaulted: an empty patch stays empty (and is refused).
  shareOptions: z.optional(z.partial(z.extend(shareOptionsSchema, { isOptionsAvailable: z.boolean() }))),
});
export type ProjectPatch = z.infer<typeof projectPatchSchema>;

export const DEFAULT_AVATAR_URL = '/avatar-default.svg';

export const userInfoSchema = z.object({
  fullName: z.string(),
  avatarUrl: z._default(z.string(), DEFAULT_AVATAR_URL),
  isLoggedIn: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
export const GUEST_USER: UserInfo = { fullName: 'Guest', avatarUrl: DEFAULT_AVATAR_URL, isLoggedIn: false };

export const settingsSchema = z.object({
  preferredDisplayLanguage: z.optional(languageSchema),
  preferredDistanceUnit: z.optional(distanceUnitSchema),
  /** The fraction of an inch workshop measures round to (16, 32 or 64); absent: 1/16. */
  preferredInchFraction: z.optional(inchFractionSchema),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsPatchSchema = z.strictObject(settingsSchema.shape);

export const loginRequestSchema = z.object({
  username: z.string().check(z.minLength(1), z.maxLength(320)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.boolean(),
  accessToken: z.string().check(z.minLength(1)),
  settings: settingsSchema,
  userInfo: userInfoSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshTokenResponseSchema = z.object({ accessToken: z.string().check(z.minLength(1)) });
export const secureTokenResponseSchema = z.object({ success: z.boolean(), secureToken: z.string().check(z.minLength(1)) });

export const subscriptionPlanSchema = z.object({
  sku: z.string(),
  name: z.string(),
  consumedCreditCount: z.int().check(z.nonnegative()),
  totalCreditCount: z.int().check(z.nonnegative()),
  maxUpdatePerCredit: z.int().check(z.nonnegative()),
  expirationDate: secondsDateSchema,
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;
export const subscriptionPlanListSchema = z.array(subscriptionPlanSchema);
export const UNLIMITED_SKU = 'UNLIMITED';

export const brandingSchema = z.object({ isCustomLogo: z.boolean() });
export type Branding = z.infer<typeof brandingSchema>;

/** Error body of every non-OK answer of our server. */
export const apiErrorSchema = z.object({ error: z.string(), message: z.string() });

/** Runtime configuration served at /config.json so external links work without rebuilding. */
export const runtimeConfigSchema = z.object({
  accountSiteUrl: z.string(),
  version: z.string(),
  apiBase: z._default(z.string(), '/api/v1'),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/* ---- Upload sockets (projects/create, projects/setModel) ---- */

const socketStatusMessageSchema = z.object({
  type: z.literal('status'),
  progress: z.number().check(z.gte(0), z.lte(1)),
  activity: z.string(),
});
const socketResultMessageSchema = z.object({ type: z.literal('result'), project: projectSchema });
const socketErrorMessageSchema = z.object({ type: z.literal('error'), message: z.string() });
const socketConfirmMessageSchema = z.object({ type: z.literal('confirmConsumeCredit') });

/** What the server sends on an upload socket. */
export const serverSocketMessageSchema = z.discriminatedUnion('type', [
  socketStatusMessageSchema,
  socketResultMessageSchema,
  socketErrorMessageSchema,
  socketConfirmMessageSchema,
]);
export type ServerSocketMessage = z.infer<typeof serverSocketMessageSchema>;
export type ServerSocketMessageWire = z.input<typeof serverSocketMessageSchema>;

/** What the client sends back after confirmConsumeCredit. */
export const clientConfirmMessageSchema = z.object({
  type: z.literal('confirmConsumeCredit'),
  result: z.boolean(),
});

/** Error messages an upload socket may carry that the client treats specially (SPEC §4). */
export const INSUFFICIENT_CREDITS = 'insufficient_credits';
export const CREDIT_USAGE_REFUSED = 'credit_usage_refused';

export const MODEL_EXTENSIONS = ['.vok', '.zip', '.dae', '.dxf', '.igs', '.iges', '.stp', '.step'] as const;
