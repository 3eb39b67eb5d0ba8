import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fillProblem } from './fill-problem';

const NO_TEMPLATE =
  "No blank M-FVF 2022 is installed. Upload the BACB's blank fillable form on the Fieldwork " +
  'Forms page, or ask the operator to put it in the forms folder.';
const PROFILE =
  "Add your BACB ID to your profile before filling a form: the BACB's form asks for it.";

describe('fillProblem', () => {
  it('offers the template upload when no blank form is installed', () => {
    expect(fillProblem(new ApiError(409, 'CONFLICT', NO_TEMPLATE))).toEqual({
      kind: 'template',
      message: NO_TEMPLATE,
    });
  });

  it('links to the profile when a detail the form needs is missing', () => {
    expect(fillProblem(new ApiError(400, 'INVALID', PROFILE))).toEqual({
      kind: 'profile',
      message: PROFILE,
    });
  });

  it('leaves any other refusal to a toast', () => {
    expect(fillProblem(new ApiError(409, 'CONFLICT', 'This month is not over yet.'))).toBeNull();
    expect(fillProblem(new Error(NO_TEMPLATE))).toBeNull();
  });
});
