import fc from 'fast-check';
import type { HTTPMethods, RouteOptions } from 'fastify';
import {
  encodeUrlPart,
  fieldsOf,
  hostileString,
  hostileValue,
  perturbed,
  type SchemaField,
} from './hostile-values';

/*
 * Requests for the property test of every route: a valid request for the route (built from the
 * field names its own schemas declare and a fixture's plausible values), then broken in one to
 * three places, so that most of them pass the other checks and reach the service and database.
 */

/** A route as the app's route table gives it. */
export type Route = {
  method: HTTPMethods;
  url: string;
  schema: RouteOptions['schema'];
  onRequest: RouteOptions['onRequest'];
};
/** Values a field of that name takes in a valid request (the fixture's ids, dates, emails…). */
export type PlausibleValues = Record<string, unknown[]>;
const ACTORS = ['anonymous', 'trainee', 'supervisor'] as const;
export type Actor = (typeof ACTORS)[number];

export type HostileRequest = {
  actor: Actor;
  path: string;
  query: string;
  body: string | undefined;
  contentType: string;
  remoteAddress: string;
};

const ABSENT = Symbol('absent');

/** A plausible value for the field: the fixture's, else what its schema lists, else anything. */
function plausibleValue(field: SchemaField, plausible: PlausibleValues): fc.Arbitrary<unknown> {
  const known = plausible[field.name] ?? field.listed;
  return known.length > 0 ? fc.constantFrom(...known) : hostileValue;
}

/** One field made hostile (a near miss of its valid value, or anything) or dropped. */
function mutationOf(
  fields: SchemaField[],
  plausible: PlausibleValues,
): fc.Arbitrary<[string, unknown]> {
  const unknownField = fc.tuple(hostileString, hostileValue);
  if (fields.length === 0) return unknownField;
  const knownField = fc
    .constantFrom(...fields)
    .chain((field) =>
      fc.tuple(
        fc.constant(field.name),
        fc.oneof(
          { weight: 6, arbitrary: plausibleValue(field, plausible).chain(perturbed) },
          { weight: 1, arbitrary: hostileValue },
          { weight: 1, arbitrary: fc.constant(ABSENT) },
        ),
      ),
    );
  return fc.oneof({ weight: 9, arbitrary: knownField }, { weight: 1, arbitrary: unknownField });
}

/** An object of plausible fields, mostly with one of them broken, sometimes none or three. */
export function objectOf(
  fields: SchemaField[],
  plausible: PlausibleValues,
): fc.Arbitrary<Record<string, unknown>> {
  const mutation = mutationOf(fields, plausible);
  const mutations = fc.oneof(
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 4, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }) },
  );
  const values = fc.tuple(...fields.map((field) => plausibleValue(field, plausible)));
  return fc.tuple(values, mutations).map(([valid, broken]) => {
    const object: Record<string, unknown> = {};
    fields.forEach((field, index) => (object[field.name] = valid[index]));
    for (const [name, value] of broken) {
      if (value === ABSENT) delete object[name];
      // defineProperty, so that a key such as '__proto__' becomes a plain field of the JSON.
      else
        Object.defineProperty(object, name, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return object;
  });
}

/** The path, with each `:param` a fixture id, a near miss of one, or any text. */
function pathOf(route: Route, plausible: PlausibleValues): fc.Arbitrary<string> {
  const segments = route.url.split('/').map((segment) => {
    if (segment === '*') {
      return fc
        .array(hostileString, { maxLength: 3 })
        .map((parts) => parts.map(encodeUrlPart).join('/'));
    }
    if (!segment.startsWith(':')) return fc.constant(segment);
    const field = { name: segment.slice(1), listed: [] };
    const valid = plausibleValue(field, plausible);
    return fc
      .oneof(
        { weight: 3, arbitrary: valid },
        { weight: 2, arbitrary: valid.chain(perturbed) },
        { weight: 1, arbitrary: hostileString },
      )
      .map((value) => encodeUrlPart(textOf(value)));
  });
  return fc.tuple(...segments).map((parts) => parts.join('/'));
}

/** How many fields a route's schemas declare (path, query and body). */
export function fieldCount(route: Route): number {
  const params = route.url.split('/').filter((segment) => /^[:*]/.test(segment)).length;
  return params + fieldsOf(route.schema?.querystring).length + fieldsOf(route.schema?.body).length;
}

/**
 * Arbitrary requests for one route: path, query and body, as nobody or one of the two roles,
 * mostly as a role the route lets in (`allowed`), so that most requests get past its guard.
 */
export function requestsFor(
  route: Route,
  plausible: PlausibleValues,
  allowed: Actor[],
): fc.Arbitrary<HostileRequest> {
  const query = objectOf(fieldsOf(route.schema?.querystring), plausible).map((values) =>
    Object.entries(values)
      .flatMap(([key, value]) =>
        [value].flat().map((item) => `${encodeUrlPart(key)}=${encodeUrlPart(textOf(item))}`),
      )
      .join('&'),
  );
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const json = objectOf(fieldsOf(route.schema?.body), plausible).map((value) =>
    JSON.stringify(value),
  );
  const body: fc.Arbitrary<string | undefined> = hasBody
    ? fc.oneof(
        { weight: 8, arbitrary: json },
        {
          weight: 1,
          arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
        },
        { weight: 1, arbitrary: fc.oneof(hostileString, fc.constant(undefined)) },
      )
    : fc.constant(undefined);
  return fc.record({
    actor: fc.oneof(
      ...ACTORS.map((actor) => ({
        weight: allowed.includes(actor) ? 4 : 1,
        arbitrary: fc.constant(actor),
      })),
    ),
    path: pathOf(route, plausible),
    query,
    body,
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constant('text/plain') },
      { weight: 1, arbitrary: fc.constant('application/x-www-form-urlencoded') },
    ),
    // Rate limits key on the address: spread over many, so limits rarely hide the routes.
    remoteAddress: fc.ipV4(),
  });
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/**
 * Each class of value that once reached the database and failed there (decision 009), put in
 * turn into each field of an otherwise valid request, as a role the route lets in: text with a
 * NUL and with half a surrogate pair, a date that does not exist, an id past `integer`; in the
 * path, an id past `integer` and a segment that is not valid percent-encoded UTF-8. The random
 * sample then breaks requests in ways nobody listed.
 */
export function classExamples(
  route: Route,
  plausible: PlausibleValues,
  allowed: Actor[],
): HostileRequest[] {
  const validOf = (field: SchemaField) => (plausible[field.name] ?? field.listed)[0] ?? 'x';
  const params = route.url.split('/').filter((segment) => segment.startsWith(':'));
  const validPath = (replace?: { param: string; raw: string }) =>
    route.url
      .split('/')
      .map((segment) => {
        if (segment === '*') return 'x';
        if (!segment.startsWith(':')) return segment;
        if (replace?.param === segment) return replace.raw;
        return encodeUrlPart(textOf(validOf({ name: segment.slice(1), listed: [] })));
      })
      .join('/');
  const queryFields = fieldsOf(route.schema?.querystring);
  const bodyFields = fieldsOf(route.schema?.body);
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const queryOf = (values: Record<string, unknown>) =>
    Object.entries(values)
      .flatMap(([key, value]) =>
        [value].flat().map((item) => `${encodeUrlPart(key)}=${encodeUrlPart(textOf(item))}`),
      )
      .join('&');
  const validValues = (fields: SchemaField[]) =>
    Object.fromEntries(fields.map((field) => [field.name, validOf(field)]));
  const request = (parts: Partial<HostileRequest>, index: number): HostileRequest => ({
    actor: allowed[0] ?? 'anonymous',
    path: validPath(),
    query: queryOf(validValues(queryFields)),
    body: hasBody ? JSON.stringify(validValues(bodyFields)) : undefined,
    contentType: 'application/json',
    remoteAddress: `10.77.${index >> 8}.${index & 255}`,
    ...parts,
  });
  const parts: Partial<HostileRequest>[] = [];
  for (const param of params) {
    parts.push({ path: validPath({ param, raw: '2147483648' }) });
    // Half a surrogate pair as raw UTF-8 bytes, which no valid percent-encoding gives.
    parts.push({ path: validPath({ param, raw: encodeUrlPart('\ud800') }) });
  }
  for (const field of queryFields) {
    for (const variant of classVariants(validOf(field))) {
      parts.push({ query: queryOf({ ...validValues(queryFields), [field.name]: variant }) });
    }
  }
  if (hasBody) {
    for (const field of bodyFields) {
      for (const variant of classVariants(validOf(field))) {
        parts.push({ body: JSON.stringify({ ...validValues(bodyFields), [field.name]: variant }) });
      }
    }
  }
  return parts.map(request);
}

/** A valid value made into each class of `classExamples` its type can carry. */
function classVariants(value: unknown): unknown[] {
  if (typeof value === 'string') {
    const at = Math.floor(value.length / 2);
    const variants = [
      `${value.slice(0, at)}\u0000${value.slice(at)}`,
      `${value.slice(0, at)}\ud800${value.slice(at)}`,
    ];
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) variants.push(`${value.slice(0, 4)}-02-30`);
    return variants;
  }
  if (typeof value === 'number') return [2_147_483_648];
  if (Array.isArray(value)) {
    const [first, ...rest] = value as unknown[];
    return first === undefined ? [] : classVariants(first).map((variant) => [variant, ...rest]);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      classVariants(item).map((variant) => ({ ...value, [key]: variant })),
    );
  }
  return [];
}
