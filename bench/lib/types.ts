/** The shape of a benchmark: one or more tables of rows, each row a set of measured samples. */
export interface Metric {
  key: string;
  label: string;
  /** Unit printed after the value: 'ms', 'KB', 'MB', '', ... */
  unit: string;
  /** Which way is better; ratios are printed ours/reference either way. */
  better: 'lower' | 'higher';
  /** Digits after the point. */
  digits?: number;
}

export interface Row {
  label: string;
  /** Samples per metric key; one sample or several repeated runs. */
  samples: Record<string, number[]>;
  /** Label of the row in the same table this row is compared with (its reference). */
  versus?: string;
}

export interface Table {
  title: string;
  /** What the ratios compare against, in words. */
  reference: string;
  metrics: Metric[];
  rows: Row[];
  notes?: string[];
}

export interface BenchContext {
  /** Smallest sizes, one repeat: proves the bench works (used by npm test). */
  smoke: boolean;
  repeats: number;
  log: (line: string) => void;
}

export interface Bench {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<Table[]>;
}
