import { useSearchParams } from 'react-router';
import { formatMonthYear, isValidMonth } from '../../../shared/logs/time';
import { localToday } from '../../lib/local-date';
import type { GridView } from '../../features/progress/components/grid-view-controls';

/** A move of the task grid: another view, month or task (null: none). */
export type TaskGridScopeChange = { view?: GridView; month?: string; task?: string | null };

/**
 * Where a task grid page stands, from the address (?view=&month=&task=) so that back, reload and
 * links keep it. Without ?view= the grid shows all months, unless `monthOpensMonthly` and a month
 * was given (as ?month= or as `arrivalMonth`). `update` writes the scope back, after any
 * `leading` parameters of the page, and keeps `state` as the router state.
 */
export function useTaskGridScope({
  arrivalMonth = null,
  monthOpensMonthly = false,
  state,
}: { arrivalMonth?: string | null; monthOpensMonthly?: boolean; state?: unknown } = {}) {
  const [params, setParams] = useSearchParams();
  const currentMonth = localToday().slice(0, 7);
  const givenMonth = [params.get('month'), arrivalMonth]
    .filter((month): month is string => month !== null && isValidMonth(month))
    .at(0);
  const viewParam = params.get('view');
  const view: GridView =
    viewParam === 'monthly' || viewParam === 'overall'
      ? viewParam
      : monthOpensMonthly && givenMonth
        ? 'monthly'
        : 'overall';
  const month = givenMonth ?? currentMonth;
  const taskId = params.get('task');
  const scopeMonth = view === 'monthly' ? month : null;
  const scopeLabel = scopeMonth ? formatMonthYear(scopeMonth) : 'all months';

  const update = (next: TaskGridScopeChange, leading: Record<string, string> = {}) => {
    const task = next.task === undefined ? taskId : next.task;
    setParams(
      {
        ...leading,
        view: next.view ?? view,
        month: next.month ?? month,
        ...(task ? { task } : {}),
      },
      { replace: true, state },
    );
  };
  return { params, view, month, currentMonth, taskId, scopeMonth, scopeLabel, update };
}

export type TaskGridScope = ReturnType<typeof useTaskGridScope>;
