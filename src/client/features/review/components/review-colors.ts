/**
 * Approve's green, dark enough for white text and for green text on white (5.3:1, WCAG AA):
 * Mantine's green.8 and green.9 read at 3.3:1 and 4.4:1.
 */
export const APPROVE_COLOR = '#1e7b34';
