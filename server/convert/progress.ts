/** What a conversion step reports: its share of the whole (0..1) and the activity's words (src/api/conversionActivity.ts). */
export type ProgressCallback = (progress: number, activity: string) => void;
