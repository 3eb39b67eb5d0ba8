// Types for boundaries.js (ESLint loads the JavaScript; the policies' test imports it from TypeScript).
import type { Linter } from 'eslint';

export const ENGINES: string[];
export const LAYER: string;
export function boundariesConfig(root: string): Linter.Config;
