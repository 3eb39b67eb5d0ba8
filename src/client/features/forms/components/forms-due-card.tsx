import { lazy, Suspense } from 'react';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { useMonthForms } from '../api/get-month-forms';

// The list and its wording (month-form-status.ts) load beside the forms' answer, outside the
// dashboard's first download; until both are here the card keeps its loading rows.
const FormsDueList = lazy(() => import('./forms-due-list'));

/**
 * The dashboard's forms due: each month whose official form is not signed by both yet, with the
 * hours it reports: first those past their deadline, whose hours are at risk, then those due
 * (in the server's order). Hidden when nothing is due.
 */
export function FormsDueCard() {
  const query = useMonthForms();
  const loading = <LoadingState rows={2} label="Loading the forms due" />;
  if (query.isPending) return loading;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const due = query.data.forms_due;
  if (due.length === 0) return null;
  return (
    <Suspense fallback={loading}>
      <FormsDueList due={due} />
    </Suspense>
  );
}
