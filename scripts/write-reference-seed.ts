// Writes the reference-data migration from src/shared: `node --import tsx scripts/write-reference-seed.ts`.
import { writeFileSync } from 'node:fs';
import { REFERENCE_MIGRATION, referenceSeedSql } from './reference-seed';

writeFileSync(REFERENCE_MIGRATION, referenceSeedSql());
console.log(`wrote ${REFERENCE_MIGRATION}`);
