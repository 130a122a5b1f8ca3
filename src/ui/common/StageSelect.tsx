/** The stage dropdown of a card and of the project panel (SPEC §4): the six stages in order. */
import { STAGES, type Stage } from '../../machines/types';
import { useLL } from '../app/I18nProvider';
import { SelectMenu, SelectMenuStandIn } from './SelectMenu';
import { STAGE_STYLE } from './stageStyle';

export function StageDot({ stage }: { stage: Stage }) {
  return <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${STAGE_STYLE[stage].dot}`} />;
}

interface StageSelectProps {
  label: string;
  value: Stage;
  onChange(stage: Stage): void;
  className?: string;
  /** Tighter spacing (a card of the list). */
  dense?: boolean;
  autoFocus?: boolean;
}

function useStageOptions() {
  const LL = useLL();
  return STAGES.map((stage) => ({ value: stage, label: LL.stages[stage](), adornment: <StageDot stage={stage} /> }));
}

export function StageSelect({ label, value, onChange, className, dense, autoFocus }: StageSelectProps) {
  const options = useStageOptions();
  return <SelectMenu label={label} value={value} options={options} onChange={onChange} className={className} buttonClassName="w-full" dense={dense} autoFocus={autoFocus} />;
}

/** The stage dropdown's look alone (see SelectMenuStandIn). */
export function StageSelectStandIn({ label, value, className, dense, onActivate }: Omit<StageSelectProps, 'onChange' | 'autoFocus'> & { onActivate(): void }) {
  const options = useStageOptions();
  return <SelectMenuStandIn label={label} value={value} options={options} className={className} buttonClassName="w-full" dense={dense} onActivate={onActivate} />;
}
