/**
 * What the list shows (SPEC §2, §5), on the screen and in the server's pages: a substring search on the name that ignores case and accents
 * (`chene` finds `Chêne`), a step
 * filter ('all' or one stage), and a sort by name or by modification date, newest first by default,
 * which the reverse button flips.
 */
import { STAGES, type Project, type Stage } from './schemas';
import { foldForSearch } from '../model/text/textFold';

export const SORT_KEYS = ['date', 'name'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type StageFilter = 'all' | Stage;

export interface ProjectQuery {
  search: string;
  stage: StageFilter;
  sort: SortKey;
  reversed: boolean;
}

export const DEFAULT_QUERY: ProjectQuery = { search: '', stage: 'all', sort: 'date', reversed: false };

export const isStage = (value: unknown): value is Stage => typeof value === 'string' && (STAGES as readonly string[]).includes(value);
export const isStageFilter = (value: unknown): value is StageFilter => value === 'all' || isStage(value);
export const isSortKey = (value: unknown): value is SortKey => typeof value === 'string' && (SORT_KEYS as readonly string[]).includes(value);

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The date a card is sorted by: the modification date it had when the list was read (a rename or a
 * stage change made since moves no card under the user's pointer), else its own.
 */
export type ListedDates = Readonly<Record<number, number>>;

/** What the list's search, filter and sort read of a project (the screen's Project, or the server's rows). */
export type Listable = Pick<Project, 'id' | 'name' | 'currentStage' | 'modificationDate'>;

/** Natural order of each key (names A to Z, dates newest first; ties fall back to the id), flipped when reversed. */
export function comparatorFor(query: Pick<ProjectQuery, 'sort' | 'reversed'>, listed: ListedDates = {}): (a: Listable, b: Listable) => number {
  const dateOf = (p: Listable) => listed[p.id] ?? p.modificationDate.getTime();
  const sign = query.reversed ? -1 : 1;
  return (a, b) => {
    const primary = query.sort === 'name' ? byName.compare(a.name, b.name) : dateOf(b) - dateOf(a);
    return sign * (primary !== 0 ? primary : b.id - a.id);
  };
}

export function matchesSearch(name: string, search: string): boolean {
  const needle = foldForSearch(search.trim());
  return needle === '' || foldForSearch(name).includes(needle);
}

export function visibleProjects<T extends Listable>(projects: readonly T[], query: ProjectQuery, listed: ListedDates = {}): T[] {
  const kept = projects.filter((p) => matchesSearch(p.name, query.search) && (query.stage === 'all' || p.currentStage === query.stage));
  return kept.sort(comparatorFor(query, listed));
}

/** The sort dates of a freshly read list. */
export const listedDatesOf = (projects: readonly Project[]): ListedDates => Object.fromEntries(projects.map((p) => [p.id, p.modificationDate.getTime()]));
