/** The lines the chart draws: one value (or a gap) per month. */
export type PlanLines = {
  labels: string[];
  actual: (number | null)[];
  planned: (number | null)[];
  goal: number;
};

/** Colours: the brand teal for what was done, a deep orange dashed for the plan (both ≥ 4.5:1). */
export const PLAN_COLORS = { actual: '#0b6e79', planned: '#c2410c', goal: '#495057' } as const;
