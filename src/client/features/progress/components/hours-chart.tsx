import { Box, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { ArcElement, Chart as ChartJS, Tooltip, type ChartOptions } from 'chart.js';
import type { ReactNode } from 'react';
import { Doughnut, Pie } from 'react-chartjs-2';
import { hoursLabel } from './hours-label';

ChartJS.register(ArcElement, Tooltip);

/** One part of a chart, with the colour it is drawn in and its share of the whole, as shown. */
export type ChartSlice = { label: string; hours: number; color: string; share: string };

const CHART_HEIGHT = 200;

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function chartOptions(kind: 'doughnut' | 'pie'): ChartOptions<'doughnut' | 'pie'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : { duration: 400 },
    cutout: kind === 'doughnut' ? '68%' : 0,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: { label: (item) => ` ${item.label}: ${hoursLabel(Number(item.raw))} hours` },
      },
    },
  };
}

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
    datasets: [
      {
        data: slices.map((slice) => slice.hours),
        backgroundColor: slices.map((slice) => slice.color),
        borderColor: '#ffffff',
        borderWidth: 2,
      },
    ],
  };
  const Chart = kind === 'doughnut' ? Doughnut : Pie;

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
              <Chart data={data} options={chartOptions(kind)} role="img" aria-label={summary} />
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
            <Skeleton circle height={CHART_HEIGHT} mx="auto" />
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
