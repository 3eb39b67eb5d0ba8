import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { fillProblem, type FillProblem } from './fill-problem';

/**
 * Filling an official form from a row (monthly or final): which row is being filled, and what
 * a refusal asks of the trainee (shown beside the rows; any other refusal is a toast).
 */
export function useFormFill<Body>(fill: (body: Body) => Promise<unknown>, success: string) {
  const [filling, setFilling] = useState<string | null>(null);
  const [problem, setProblem] = useState<FillProblem | null>(null);

  const run = async (rowKey: string, body: Body) => {
    setProblem(null);
    setFilling(rowKey);
    try {
      await fill(body);
      notifySuccess(success);
    } catch (error) {
      const known = fillProblem(error);
      if (known) setProblem(known);
      else notifyError(error instanceof ApiError ? error.message : 'Failed to fill the form.');
    } finally {
      setFilling(null);
    }
  };
  return { filling, problem, run };
}
