// Types for walls.js (ESLint loads the JavaScript; the rule's test imports it from TypeScript).
import type { ESLint, Linter } from 'eslint';

export const FEATURE_ROOTS: { shared: string; server: string; client: string };
export const SHARED_FOUNDATIONS: string[];
export function featuresOf(root: string, kind: keyof typeof FEATURE_ROOTS): string[];
export function wallsSettings(root: string): {
  root: string;
  features: Record<keyof typeof FEATURE_ROOTS, string[]>;
};
export const walls: ESLint.Plugin;
export type WallsConfig = Linter.Config;
