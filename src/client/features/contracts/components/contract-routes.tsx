import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ContractsPage } from './contracts-page';

const StudentContractPage = lazy(() =>
  import('./contract-page').then((m) => ({ default: m.StudentContractPage })),
);

/**
 * /student/contracts (the list) and /student/contracts/{id}, in one module the trainee area loads
 * lazily (issue 39): the area's first download names one list of files to preload, not one per
 * page (bundle budget, scripts/bundle-budget.ts).
 */
export default function StudentContractRoutes() {
  return (
    <Routes>
      <Route index element={<ContractsPage />} />
      <Route path=":contractId" element={<StudentContractPage />} />
    </Routes>
  );
}
