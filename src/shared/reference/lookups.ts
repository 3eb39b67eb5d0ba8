import { z } from 'zod';

/** An `{ id, name }` item of a lookup list on the wire (SPEC §7 Lookups). */
export const LookupItemSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
});

export type LookupItem = z.infer<typeof LookupItemSchema>;

/** GET /api/v1/expereince-type/ (contract spelling): 1 supervised, 2 concentrated. */
export const EXPERIENCE_TYPES = [
  { id: 1, name: 'Supervised Fieldwork' },
  { id: 2, name: 'Concentrated Supervised Fieldwork' },
] as const satisfies readonly LookupItem[];

/** An experience type id: 1 supervised, 2 concentrated. */
export type ExperienceTypeId = (typeof EXPERIENCE_TYPES)[number]['id'];

/** GET /api/v1/setting/: where the fieldwork took place. */
export const SETTINGS = [
  { id: 1, name: 'Clinic' },
  { id: 2, name: "Client's home" },
  { id: 3, name: 'School' },
  { id: 4, name: 'Community' },
  { id: 5, name: 'Residential facility' },
  { id: 6, name: 'Day program' },
  { id: 7, name: 'Hospital / medical setting' },
  { id: 8, name: 'Telehealth' },
  { id: 9, name: 'Workplace / organization' },
  { id: 10, name: 'Other' },
] as const satisfies readonly LookupItem[];

/** GET /api/v1/method-supervision/. A log stores the name (SPEC §3: In Person | Virtual). */
export const METHODS_OF_SUPERVISION = [
  { id: 1, name: 'In Person' },
  { id: 2, name: 'Virtual' },
] as const satisfies readonly LookupItem[];

/** GET /api/v1/client-observation/. A log stores the name (SPEC §3: Yes | No). */
export const CLIENT_OBSERVATION = [
  { id: 1, name: 'Yes' },
  { id: 2, name: 'No' },
] as const satisfies readonly LookupItem[];
