import { Box, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { hoursLabel } from './hours-label';

const HoursChartCanvas = lazy(() => import('./hours-chart-canvas'));

/** One part of a chart, with the colour it is drawn in and its share of the whole, as shown. */
export type ChartSlice = { label: string; hours: number; color: string; share: string };

const CHART_HEIGHT = 200;

/**
 * A chart card: the chart (a picture with a one-line summary for screen readers), then a table of
 * its numbers that doubles as the legend, then a caption that says how the numbers are made.
 */
export function HoursChart({
  id,
  title,
  kind,
  slices,
  summary,
  center,
  caption,
}: {
  id: string;
  title: string;
  kind: 'doughnut' | 'pie';
  /** Undefined while loading: the card keeps its size. */
  slices: ChartSlice[] | undefined;
  summary: string;
  center?: ReactNode;
  caption: ReactNode;
}) {
  const data = slices && {
    labels: slices.map((slice) => slice.label),
    hours: slices.map((slice) => slice.hours),
    colors: slices.map((slice) => slice.color),
  };
  // The same circle while the figures or the chart's code load: the card never changes size.
  const placeholder = <Skeleton circle height={CHART_HEIGHT} mx="auto" />;

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={`${id}-title`}
      aria-busy={!slices}
      h="100%"
    >
      <Stack gap="sm" h="100%">
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        <Box pos="relative" h={CHART_HEIGHT}>
          {data ? (
            <>
              <Suspense fallback={placeholder}>
                <HoursChartCanvas kind={kind} data={data} summary={summary} />
              </Suspense>
              {center ? (
                <Stack
                  gap={0}
                  align="center"
                  justify="center"
                  pos="absolute"
                  inset={0}
                  aria-hidden
                  style={{ pointerEvents: 'none' }}
                >
                  {center}
                </Stack>
              ) : null}
            </>
          ) : (
            placeholder
          )}
        </Box>
        <Table fz="sm" verticalSpacing={4} aria-describedby={`${id}-caption`}>
          <VisuallyHidden component="thead">
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Hours</th>
              <th scope="col">Share</th>
            </tr>
          </VisuallyHidden>
          <Table.Tbody>
            {(slices ?? [undefined, undefined]).map((slice, index) => (
              <Table.Tr key={slice?.label ?? index}>
                <Table.Th scope="row" fw={500}>
                  {slice ? (
                    <Box
                      component="span"
                      style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}
                    >
                      <Box
                        component="span"
                        w={12}
                        h={12}
                        style={{ borderRadius: 3, background: slice.color, flexShrink: 0 }}
                        aria-hidden
                      />
                      {slice.label}
                    </Box>
                  ) : (
                    <Skeleton height={14} width="60%" />
                  )}
                </Table.Th>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {slice ? (
                    `${hoursLabel(slice.hours)} h`
                  ) : (
                    <Skeleton height={14} width={50} ml="auto" />
                  )}
                </Table.Td>
                <Table.Td ta="right" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {slice?.share}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text component="div" size="sm" c="dimmed" id={`${id}-caption`} mt="auto">
          {caption}
        </Text>
      </Stack>
    </Paper>
  );
}
