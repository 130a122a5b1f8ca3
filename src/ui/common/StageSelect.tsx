/** The stage dropdown of a card and of the project panel (SPEC §4): the six stages in order. */
import { STAGES, type Stage } from '../../machines/types';
import { useLL } from '../app/I18nProvider';
import { SelectMenu } from './SelectMenu';
import { STAGE_STYLE } from './stageStyle';

export function StageDot({ stage }: { stage: Stage }) {
  return <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${STAGE_STYLE[stage].dot}`} />;
}

export function StageSelect({
  label,
  value,
  onChange,
  className,
  wrapLabel,
}: {
  label: string;
  value: Stage;
  onChange(stage: Stage): void;
  className?: string;
  wrapLabel?: boolean;
}) {
  const LL = useLL();
  const options = STAGES.map((stage) => ({ value: stage, label: LL.stages[stage](), adornment: <StageDot stage={stage} /> }));
  return <SelectMenu label={label} value={value} options={options} onChange={onChange} className={className} buttonClassName="w-full" wrapLabel={wrapLabel} />;
}
