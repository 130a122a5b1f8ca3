/** The style of each project stage (SPEC §4: the project icon style follows currentStage). */
import type { Stage } from '../../machines/types';

interface StageStyle {
  /** Icon and dot colour. */
  text: string;
  dot: string;
  /** Tint of the card's picture area. */
  tint: string;
}

export const STAGE_STYLE: Record<Stage, StageStyle> = {
  new: { text: 'text-sky-400', dot: 'bg-sky-400', tint: 'from-sky-400/20' },
  approval: { text: 'text-amber-300', dot: 'bg-amber-300', tint: 'from-amber-300/20' },
  ready: { text: 'text-violet-400', dot: 'bg-violet-400', tint: 'from-violet-400/20' },
  production: { text: 'text-orange-400', dot: 'bg-orange-400', tint: 'from-orange-400/20' },
  installation: { text: 'text-teal-300', dot: 'bg-teal-300', tint: 'from-teal-300/20' },
  finished: { text: 'text-green-400', dot: 'bg-green-400', tint: 'from-green-400/20' },
};
