/**
 * Search (300 wide, 600 on focus on desktop), step filter, sort (name or date) and the reverse
 * button (SPEC §2). Each sends its event to the list actor.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectQuery } from '../../machines/projects/listSelectors';
import type { projectListMachine } from '../../machines/projects/projectListMachine';
import type { SortKey, StageFilter } from '../../machines/projects/projectQuery';
import { STAGES } from '../../machines/types';
import { useLL } from '../app/I18nProvider';
import { SearchIcon, SortIcon } from '../common/actionIcons';
import { SelectMenu } from '../common/SelectMenu';
import { StageDot } from '../common/StageSelect';

export type ListActor = ActorRefFrom<typeof projectListMachine>;

export function ListControls({ list }: { list: ListActor }) {
  const LL = useLL();
  const query = useSelector(list, selectQuery);
  const stageOptions = [
    { value: 'all' as StageFilter, label: LL.list.allSteps() },
    ...STAGES.map((stage) => ({ value: stage as StageFilter, label: LL.stages[stage](), adornment: <StageDot stage={stage} /> })),
  ];
  const sortOptions = [
    { value: 'date' as SortKey, label: LL.list.sortDate() },
    { value: 'name' as SortKey, label: LL.list.sortName() },
  ];
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <div className="relative w-full md:w-[300px] md:transition-[width] md:duration-200 md:focus-within:w-[600px] md:max-w-full">
        <SearchIcon width={18} height={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-fg-subtle" />
        <input
          type="search"
          value={query.search}
          onChange={(e) => list.send({ type: 'list.search', text: e.target.value })}
          aria-label={LL.list.search()}
          placeholder={LL.list.searchPlaceholder()}
          className="block w-full rounded-lg border border-border bg-field py-2 pr-3 pl-10 text-sm text-fg placeholder:text-fg-subtle hover:border-border-strong focus:border-primary focus:ring-2 focus:ring-primary/40 focus:outline-none focus-visible:outline-none"
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <SelectMenu
          label={LL.list.stepFilter()}
          showLabel
          value={query.stage}
          options={stageOptions}
          onChange={(stage) => list.send({ type: 'list.filterStage', stage })}
          buttonClassName="w-44"
        />
        <div className="flex items-center gap-1">
          <SelectMenu
            label={LL.list.sortBy()}
            showLabel
            value={query.sort}
            options={sortOptions}
            onChange={(by) => list.send({ type: 'list.sort', by })}
            buttonClassName="w-28"
          />
          <button
            type="button"
            aria-label={LL.list.reverseOrder()}
            title={LL.list.reverseOrder()}
            aria-pressed={query.reversed}
            onClick={() => list.send({ type: 'list.reverse' })}
            className="flex size-9 items-center justify-center rounded-lg border border-border text-fg-muted hover:border-border-strong hover:text-fg aria-pressed:border-primary aria-pressed:text-primary"
          >
            <SortIcon width={18} height={18} />
          </button>
        </div>
      </div>
    </div>
  );
}
