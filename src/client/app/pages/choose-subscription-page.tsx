import '../styles/components.css';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { PAYWALL_MESSAGES } from '../../../shared/billing/access';
import { isTrialOffered } from '../../../shared/billing/plans';
import { AuthCard } from '../../components/auth-card';
import { expiredAccessOf } from '../../components/expired-access';
import { ErrorState, LoadingState } from '../../components/page-state';
import { PageHeader } from '../../components/page-header';
import { useLogout } from '../../components/use-logout';
import { useSession } from '../../lib/session';
import { usePlans } from '../../features/billing/api/get-plans';
import {
  currentSubscription,
  useUserSubscription,
} from '../../features/billing/api/get-user-subscription';
import { SUBSCRIPTION_LOAD_MESSAGES } from '../../features/billing/components/billing-messages';
import { GraduatePlanNote, PlanCards } from '../../features/billing/components/plan-cards';
import { TestModeBadge } from '../../features/billing/components/test-mode-badge';
import { DownloadLogsLink } from '../../features/progress/components/download-logs-link';

/**
 * /subscription (SPEC §2): pick a plan, and the free trial for Monthly or Yearly while it is
 * available; Continue goes to /payment. Whatever the trainee's standing, their logs can be
 * downloaded from here.
 */
export function ChooseSubscriptionPage() {
  const navigate = useNavigate();
  const plans = usePlans();
  const subscription = useUserSubscription();
  const [planId, setPlanId] = useState<number | null>(null);
  const [withTrial, setWithTrial] = useState(true);

  const current = subscription.data ? currentSubscription(subscription.data) : null;
  const trialShown = plans.data ? isTrialOffered(planId ?? 0, plans.data.trial_available) : false;

  const onContinue = () => {
    if (planId === null) return;
    const trial = trialShown && withTrial ? 1 : 0;
    void navigate(`/payment?subscription=${planId}&trial=${trial}`);
  };

  return (
    <AuthCard width={920}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <PageHeader title="Choose Subscription">
            Pick the plan that fits your fieldwork. You can change it later.
          </PageHeader>
          {plans.data?.test_mode ? <TestModeBadge /> : null}
        </Group>
        <PaywallNotice access={subscription.data?.standing.access ?? null} />
        {plans.isPending ? (
          <LoadingState rows={6} label="Loading the plans" />
        ) : plans.isError ? (
          <ErrorState
            error={plans.error}
            message={SUBSCRIPTION_LOAD_MESSAGES.loadFailed}
            onRetry={() => void plans.refetch()}
          />
        ) : (
          <>
            <PlanCards
              plans={plans.data.results}
              value={planId}
              onChange={setPlanId}
              currentPlanId={current?.is_active ? current.subscription.id : null}
              label="Choose Subscription"
            />
            <GraduatePlanNote />
            <Group justify="space-between" align="center" mih={36}>
              {trialShown ? (
                <Checkbox
                  label="Start the 7 day free trial"
                  checked={withTrial}
                  onChange={(event) => setWithTrial(event.currentTarget.checked)}
                />
              ) : (
                <span />
              )}
              <Button onClick={onContinue} disabled={planId === null} ml="auto">
                Continue
              </Button>
            </Group>
          </>
        )}
        <AccountFooter />
      </Stack>
    </AuthCard>
  );
}

/** What a refused write sends along (app.tsx, on a 402 SUBSCRIPTION_REQUIRED). */
const PaywallStateSchema = z.object({ paywallMessage: z.string() });

/**
 * Why an unpaid trainee is here: the server's refusal that sent them, or their expired standing
 * (SPEC §8 messages). Nothing for anyone else.
 */
function PaywallNotice({ access }: { access: string | null }) {
  const { state } = useLocation();
  const sent = PaywallStateSchema.safeParse(state);
  const expired = access ? expiredAccessOf(access) : null;
  const message = sent.success
    ? sent.data.paywallMessage
    : expired
      ? PAYWALL_MESSAGES[expired]
      : null;
  if (!message) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconLock aria-hidden />} role="alert">
      <Text size="sm" fw={600}>
        {message}
      </Text>
      <Text size="sm">
        Your logs are kept: download them below at any time, or choose a plan to keep adding to
        them.
      </Text>
    </Alert>
  );
}

/** The logs download (always open to the trainee: BACB-RULES.md, kept 7 years) and sign-out. */
function AccountFooter() {
  const { user } = useSession();
  const logout = useLogout();
  return (
    <Group
      justify="space-between"
      gap="sm"
      pt="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <DownloadLogsLink />
      <Text size="sm" c="dimmed">
        Signed in as {user?.email}.{' '}
        <Anchor component="button" type="button" size="sm" onClick={logout}>
          Log out
        </Anchor>
      </Text>
    </Group>
  );
}
