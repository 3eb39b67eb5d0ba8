// Run after `vite build` (npm run test:e2e does): fails when a page's first download has grown
// past its limit (scripts/bundle-budget.ts). Deterministic: the same build weighs the same.
import { developmentChunks, formatWeights, weighBuild } from './bundle-budget.ts';

const distDir = process.argv[2] ?? 'dist/client';
const development = developmentChunks(distDir);
if (development.length > 0) {
  console.error(
    `${distDir} is a development build (React's development code in ${development.join(', ')}): ` +
      'run `npm run build` (it builds with NODE_ENV=production).',
  );
  process.exit(1);
}
const weights = weighBuild(distDir);
console.log('First download of each page (JavaScript, gzip):');
for (const line of formatWeights(weights)) console.log(`  ${line}`);
const exceeded = weights.filter((weight) => !weight.isWithinLimit);
if (exceeded.length > 0) {
  console.error(
    `Over the limit: ${exceeded.map((weight) => weight.name).join(', ')}. Load what the page ` +
      'does not show at first lazily (React.lazy), or raise the limit with a reason.',
  );
  process.exit(1);
}
