import { Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  RULE_SETS,
  RULES_2027_FROM,
  type RuleSet,
  type RuleSetId,
} from '../../../../shared/logs/rule-sets';
import { formatPercent, formatUsDate } from '../../../../shared/logs/time';
import { ErrorState } from '../../../components/page-state';
import { ApiError } from '../../../lib/api-client';
import { localToday } from '../../../lib/local-date';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useChooseRuleSet } from '../api/choose-rule-set';
import { useMonthValidation } from '../api/validate-month';
import { OfflineState } from '../../../components/offline';
import { isWaitingForConnection } from '../../../lib/connection';

const DEFAULT = 'default';
type Choice = RuleSetId | typeof DEFAULT;

/** A rule set's monthly numbers in a sentence, from the rule data itself. */
function describe(ruleSet: RuleSet): string {
  const supervised = ruleSet.byType[1];
  const concentrated = ruleSet.byType[2];
  const contacts =
    supervised.minContacts === null || concentrated.minContacts === null
      ? 'no minimum number of contacts'
      : `${supervised.minContacts} contacts (${concentrated.minContacts} concentrated)`;
  const observation =
    supervised.observation.kind === 'count'
      ? `${supervised.observation.minimum} observation with a client`
      : `${supervised.observation.minimum} minutes observed with a client (${concentrated.observation.minimum} concentrated)`;
  return `${supervised.minMonthlyHours}–${supervised.maxMonthlyHours} hours a month, supervision of at least ${formatPercent(supervised.minSupervisionPercent)} (${formatPercent(concentrated.minSupervisionPercent)} concentrated), ${contacts}, ${observation}.`;
}

/** The profile's choice of BACB standards (BACB-RULES "Rule sets"). */
export function RuleSetChoice() {
  const validation = useMonthValidation(localToday().slice(0, 7));
  const choose = useChooseRuleSet();
  const { user, setUser } = useSession();

  // The choice shows as soon as it is clicked (set in the click itself, so the radio never
  // flicks back while the mutation's state reaches React), until the server's answer replaces it.
  const [picked, setPicked] = useState<Choice | null>(null);

  const onChange = async (value: string) => {
    const ruleSet = value === '2022' || value === '2027' ? value : null;
    setPicked(ruleSet ?? DEFAULT);
    try {
      await choose.mutateAsync({ rule_set: ruleSet });
      if (user) setUser({ ...user, rule_set: ruleSet });
      notifySuccess('Successfully updated!');
    } catch (error) {
      notifyError(
        error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
      );
    } finally {
      setPicked(null);
    }
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="rule-set-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="rule-set-title">
            BACB standards
          </Title>
          <Text size="sm" c="dimmed">
            The standards that apply depend on when you apply for certification, not on when the
            hours were logged. The monthly checks follow this choice.
          </Text>
        </div>
        {isWaitingForConnection(validation) ? (
          <OfflineState />
        ) : validation.isPending ? (
          <Stack gap="sm" role="status" aria-label="Loading your standards">
            <Skeleton height={44} />
            <Skeleton height={44} />
            <Skeleton height={44} />
          </Stack>
        ) : validation.isError ? (
          <ErrorState error={validation.error} onRetry={() => void validation.refetch()} />
        ) : (
          <Radio.Group
            label="Standards for my monthly checks"
            value={
              picked ??
              ((validation.data.rule_set.is_chosen
                ? validation.data.rule_set.id
                : DEFAULT) satisfies Choice)
            }
            onChange={(value) => void onChange(value)}
          >
            <Stack gap="sm" mt="xs">
              <Radio
                value="2022"
                label={RULE_SETS['2022'].label}
                description={describe(RULE_SETS['2022'])}
                disabled={choose.isPending}
              />
              <Radio
                value="2027"
                label={RULE_SETS['2027'].label}
                description={describe(RULE_SETS['2027'])}
                disabled={choose.isPending}
              />
              <Radio
                value={DEFAULT}
                label="Default by date"
                description={`The 2027 standards from ${formatUsDate(RULES_2027_FROM)} on, the 2022 standards before that. Choose this if you are not sure when you will apply.`}
                disabled={choose.isPending}
              />
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Paper>
  );
}
