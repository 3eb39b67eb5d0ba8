import { useQueries } from '@tanstack/react-query';
import { z } from 'zod';
import { SUPERVISION_CONTACTS } from '../../../../shared/logs/rule-sets';
import {
  CLIENT_OBSERVATION,
  EXPERIENCE_TYPES,
  LookupItemSchema,
  METHODS_OF_SUPERVISION,
  SETTINGS,
  type LookupItem,
} from '../../../../shared/reference/lookups';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const NamedListSchema = z.object({ results: z.array(LookupItemSchema) });
const ContactListSchema = z.object({
  results: z.array(
    z.object({ id: z.number(), contact: z.string(), counts_as_contact: z.boolean() }),
  ),
});

/** The log form's choices (SPEC §7 Lookups), each as `{ id, name }`. */
export type LogLookups = {
  experienceTypes: LookupItem[];
  settings: LookupItem[];
  methods: LookupItem[];
  clientObservation: LookupItem[];
  supervisionContacts: LookupItem[];
};

async function getNamed(path: string, signal: AbortSignal) {
  return (await apiRequest(NamedListSchema, path, { signal })).results;
}

/** GET /api/v1/supervision-contact/: contact kinds, named `contact` on the wire. */
async function getSupervisionContacts(signal: AbortSignal): Promise<LookupItem[]> {
  const response = await apiRequest(ContactListSchema, '/api/v1/supervision-contact/', { signal });
  return response.results.map((item) => ({ id: item.id, name: item.contact }));
}

/** The five lookup endpoints, one query each; every name below is the endpoint's. */
const LOOKUPS = [
  ['experienceTypes', '/api/v1/expereince-type/', EXPERIENCE_TYPES],
  ['settings', '/api/v1/setting/', SETTINGS],
  ['methods', '/api/v1/method-supervision/', METHODS_OF_SUPERVISION],
  ['clientObservation', '/api/v1/client-observation/', CLIENT_OBSERVATION],
] as const;

/**
 * The lookups, from the API. The server seeds them from the same lists in `src/shared`, so those
 * lists stand in while the answers arrive: the form never waits for, or jumps after, a select's
 * options.
 */
export function useLogLookups(): LogLookups {
  const [experienceTypes, settings, methods, clientObservation, supervisionContacts] = useQueries({
    queries: [
      ...LOOKUPS.map(([name, path, fallback]) => ({
        queryKey: [...queryKeys.lookups.all, name],
        queryFn: ({ signal }: { signal: AbortSignal }) => getNamed(path, signal),
        placeholderData: [...fallback],
        staleTime: Infinity,
      })),
      {
        queryKey: [...queryKeys.lookups.all, 'supervisionContacts'],
        queryFn: ({ signal }: { signal: AbortSignal }) => getSupervisionContacts(signal),
        placeholderData: SUPERVISION_CONTACTS.map((item) => ({ id: item.id, name: item.contact })),
        staleTime: Infinity,
      },
    ],
  });
  return {
    experienceTypes: experienceTypes?.data ?? [...EXPERIENCE_TYPES],
    settings: settings?.data ?? [...SETTINGS],
    methods: methods?.data ?? [...METHODS_OF_SUPERVISION],
    clientObservation: clientObservation?.data ?? [...CLIENT_OBSERVATION],
    supervisionContacts:
      supervisionContacts?.data ??
      SUPERVISION_CONTACTS.map((item) => ({ id: item.id, name: item.contact })),
  };
}
