import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fillProblem } from './fill-problem';

const NO_TEMPLATE =
  "No blank F-FVF 2022 is installed. Upload the BACB's blank fillable form on the Fieldwork " +
  'Forms page, or ask the operator to put it in the forms folder.';
const PROFILE =
  "Add your BACB ID to your profile before filling a form: the BACB's form asks for it.";

describe('fillProblem', () => {
  it('offers the template upload when no blank form is installed', () => {
    expect(fillProblem(new ApiError(409, 'FORM_TEMPLATE_MISSING', NO_TEMPLATE))).toEqual({
      kind: 'template',
      message: NO_TEMPLATE,
    });
  });

  it('links to the profile when a detail the form needs is missing', () => {
    expect(fillProblem(new ApiError(400, 'FORM_PROFILE_INCOMPLETE', PROFILE))).toEqual({
      kind: 'profile',
      message: PROFILE,
    });
  });

  it('goes by the code, never by the words', () => {
    // A plain conflict that happens to read like the template refusal is still a toast.
    expect(fillProblem(new ApiError(409, 'CONFLICT', NO_TEMPLATE))).toBeNull();
    expect(fillProblem(new ApiError(400, 'INVALID', PROFILE))).toBeNull();
  });

  it('leaves any other refusal to a toast', () => {
    expect(
      fillProblem(new ApiError(409, 'FORM_MONTH_NOT_OVER', 'This month is not over yet.')),
    ).toBeNull();
    expect(fillProblem(new Error(NO_TEMPLATE))).toBeNull();
  });
});
