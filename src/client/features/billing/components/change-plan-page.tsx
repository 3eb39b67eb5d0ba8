import { Anchor, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  isSelectablePlan,
  isTrialOffered,
  SELECT_PLAN_MESSAGE,
} from '../../../../shared/billing/plans';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { PageHeader } from '../../../components/page-header';
import { usePlans } from '../api/get-plans';
import { currentSubscription, useUserSubscription } from '../api/get-user-subscription';
import { SUBSCRIPTION_LOAD_MESSAGES } from './billing-messages';
import { BILLING_PATHS } from './billing-paths';
import { GraduatePlanNote, PlanCards } from './plan-cards';
import { TestModeBadge } from './test-mode-badge';

/**
 * /student/subscription-screen-dashbard (SPEC §2): change plan. The plan cards of the public
 * picker with 'Current plan' on the active one; Update goes on to pay for the chosen plan. A
 * Lifetime plan has nothing to change (SPEC §6).
 */
export function ChangePlanPage() {
  const navigate = useNavigate();
  const plans = usePlans();
  const subscription = useUserSubscription();
  const [planId, setPlanId] = useState<number | null>(null);
  const [withTrial, setWithTrial] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const header = (
    <Group justify="space-between" align="flex-start">
      <PageHeader title="Change plan">
        Pick the plan you want; you pay for it on the next step.
      </PageHeader>
      {plans.data?.test_mode ? <TestModeBadge /> : null}
    </Group>
  );

  if (plans.isPending || subscription.isPending) {
    return (
      <Stack gap="md" maw={960}>
        {header}
        <LoadingState rows={6} label="Loading the plans" />
      </Stack>
    );
  }
  if (plans.isError || subscription.isError) {
    return (
      <Stack gap="md" maw={960}>
        {header}
        <ErrorState
          error={plans.error ?? subscription.error}
          message={SUBSCRIPTION_LOAD_MESSAGES.loadFailed}
          onRetry={() => {
            void plans.refetch();
            void subscription.refetch();
          }}
        />
      </Stack>
    );
  }

  const current = currentSubscription(subscription.data);
  const active = current?.is_active ? current : null;
  const trialShown = isTrialOffered(planId ?? 0, plans.data.trial_available);

  if (active?.is_lifetime) {
    return (
      <Stack gap="md" maw={960}>
        {header}
        <Paper withBorder p="lg">
          <Text>Your Lifetime plan never needs changing.</Text>
          <Anchor component={Link} to={BILLING_PATHS.overview}>
            Back to your subscription
          </Anchor>
        </Paper>
      </Stack>
    );
  }

  const onUpdate = () => {
    // SPEC §5 "Plan change": nothing selected, or the Trial plan.
    if (planId === null || !isSelectablePlan(planId)) {
      setProblem(SELECT_PLAN_MESSAGE);
      return;
    }
    if (active && active.subscription.id === planId && !active.cancel_at_period_end) {
      setProblem('This is already your plan.');
      return;
    }
    const trial = trialShown && withTrial ? '&trial=1' : '';
    void navigate(`${BILLING_PATHS.payForPlan(planId)}${trial}`);
  };

  return (
    <Stack gap="md" maw={960}>
      {header}
      <PlanCards
        plans={plans.data.results}
        value={planId}
        onChange={(next) => {
          setPlanId(next);
          setProblem(null);
        }}
        currentPlanId={active?.subscription.id ?? null}
        label="Change plan"
      />
      <GraduatePlanNote />
      {trialShown ? (
        <Checkbox
          label="Start the 7 day free trial"
          checked={withTrial}
          onChange={(event) => setWithTrial(event.currentTarget.checked)}
        />
      ) : null}
      {problem ? (
        <Text c="red.8" size="sm" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button component={Link} to={BILLING_PATHS.overview} variant="default">
          Cancel
        </Button>
        <Button onClick={onUpdate}>Update</Button>
      </Group>
    </Stack>
  );
}
