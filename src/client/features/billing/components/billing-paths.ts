/** The student area's subscription pages (SPEC §2, spelling included) and the public picker. */
export const BILLING_PATHS = {
  overview: '/student/dashboard-subscription',
  changePlan: '/student/subscription-screen-dashbard',
  payment: '/student/payment-screen-dashbard',
  payForPlan: (planId: number) => `${BILLING_PATHS.payment}?subscription=${planId}`,
  updateCard: '/student/subscription/update-payment-method',
  choose: '/subscription',
} as const;
