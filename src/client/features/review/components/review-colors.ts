/**
 * Approve's green, dark enough for white text and for green text on white (5.3:1, WCAG AA):
 * Mantine's green.8 and green.9 read at 3.3:1 and 4.4:1.
 */
export const APPROVE_COLOR = '#1e7b34';

/**
 * A light alert's title in dark text: Mantine colours it with the alert's light shade, under
 * 4.5:1 on the tinted background for orange, green and blue. The icon and tint keep the colour.
 */
export const READABLE_ALERT_STYLES = { title: { color: 'var(--mantine-color-dark-8)' } } as const;
