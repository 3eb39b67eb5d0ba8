/**
 * The TanStack Query keys every feature shares, so that one feature can refresh another's data
 * (a saved log changes the month card and the sidebar totals) without importing it. Keys are
 * nested: invalidating `queryKeys.logs.all` refreshes every log query.
 */
/** The filters of the one list of logs (src/client/lib/experience-logs.ts). */
type LogListKey = {
  status?: string;
  month?: string;
  date?: string;
  traineeId?: number;
  task?: string;
};

export const queryKeys = {
  logs: {
    all: ['logs'] as const,
    /** Every page of a list (GET /api/v1/experience-log/, a trainee's or a supervisor's). */
    list: (filters: LogListKey) => ['logs', 'list', filters] as const,
    /** One page of a list. */
    page: (filters: LogListKey, page: number) => ['logs', 'page', filters, page] as const,
    detail: (id: number) => ['logs', 'detail', id] as const,
    history: (id: number) => ['logs', 'history', id] as const,
    deleted: ['logs', 'deleted'] as const,
  },
  lookups: {
    all: ['lookups'] as const,
  },
  /** The signed-in person's sessions and security activity. */
  security: {
    sessions: ['security', 'sessions'] as const,
    events: (page: number) => ['security', 'events', page] as const,
    allEvents: ['security', 'events'] as const,
    signInMethods: ['security', 'sign-in-methods'] as const,
  },
  supervisors: {
    all: ['trainee-supervisors'] as const,
    /** The trainees' requests to the signed-in supervisor (issue 36). */
    linkRequests: ['link-requests'] as const,
  },
  progress: {
    all: ['progress'] as const,
    accrued: (range: { from: string; to: string }) => ['progress', 'accrued', range] as const,
    validation: (month: string) => ['progress', 'validation', month] as const,
    dashboard: ['progress', 'dashboard'] as const,
    dashboardTable: ['progress', 'dashboard-table'] as const,
    badges: ['progress', 'badges'] as const,
    startOfFieldwork: ['progress', 'start-of-fieldwork'] as const,
    /** The record under both standards before the 2027 switch (the trainee's own). */
    standardsSwitch: ['progress', 'standards-switch'] as const,
    /** The task grid's documented tasks of a month, or of all time (null). */
    documentedTasks: (month: string | null) =>
      ['progress', 'documented-tasks', month ?? 'all'] as const,
  },
  /**
   * The review: a supervisor's view of their trainees' logs and figures, and the sign-off state
   * of months (both sides). Any approve, flag or sign-off refreshes all of it.
   */
  review: {
    all: ['review'] as const,
    dates: (range: { from: string; to: string }) => ['review', 'dates', range] as const,
    log: (id: number) => ['review', 'log', id] as const,
    trainees: ['review', 'trainees'] as const,
    /** The supervisor's home: linked trainees' current month and last month's unsigned forms. */
    atRisk: ['review', 'at-risk'] as const,
    supervisor: ['review', 'supervisor'] as const,
    /** Month sign-off states of a trainee; null is the signed-in trainee's own. */
    months: (traineeId: number | null) => ['review', 'months', traineeId ?? 'self'] as const,
    accrued: (traineeId: number, range: { from: string; to: string }) =>
      ['review', 'accrued', traineeId, range] as const,
    documentedTasks: (traineeId: number, month: string | null) =>
      ['review', 'documented-tasks', traineeId, month ?? 'all'] as const,
  },
  /** Supervision contact agendas: a trainee's own (null) or a linked trainee's, and one agenda. */
  agenda: {
    all: ['agenda'] as const,
    list: (traineeId: number | null, range: { start?: string; end?: string }) =>
      ['agenda', 'list', traineeId ?? 'self', range] as const,
    detail: (id: number) => ['agenda', 'detail', id] as const,
  },
  /** The signed-in person's private calendar feed (whether one exists; never its URL). */
  calendarFeed: ['calendar-feed'] as const,
  /** The signed-in person's profile (its picture changes it too). */
  profile: ['profile'] as const,
  /** Uploaded forms; any upload, edit, delete or restore refreshes all of it. */
  files: {
    all: ['files'] as const,
    /** A trainee's forms; null is the signed-in trainee's own. */
    list: (traineeId: number | null) => ['files', 'list', traineeId ?? 'self'] as const,
    deleted: ['files', 'deleted'] as const,
  },
  /**
   * The official forms (monthly and final) and installed blank templates; a fill or signature
   * refreshes all (a late M-FVF changes what an F-FVF counts).
   */
  forms: {
    all: ['forms'] as const,
    /** A trainee's month rows; null is the signed-in trainee's own. */
    months: (traineeId: number | null) => ['forms', 'months', traineeId ?? 'self'] as const,
    /** A trainee's F-FVF rows; null is the signed-in trainee's own. */
    finals: (traineeId: number | null) => ['forms', 'finals', traineeId ?? 'self'] as const,
    templates: ['forms', 'templates'] as const,
  },
  /**
   * Supervision contracts (issue 39): a trainee's list (null is the signed-in trainee's own) and
   * one contract; any draft, edit, signature, upload or end refreshes all of it.
   */
  contracts: {
    all: ['contracts'] as const,
    list: (traineeId: number | null) => ['contracts', 'list', traineeId ?? 'self'] as const,
    detail: (id: number) => ['contracts', 'detail', id] as const,
  },
  /** Plans, the trainee's subscription and card: any payment refreshes all of it. */
  billing: {
    all: ['billing'] as const,
    plans: ['billing', 'plans'] as const,
    userSubscription: ['billing', 'user-subscription'] as const,
    paymentDetails: ['billing', 'payment-details'] as const,
  },
} as const;

/** What a change to logs makes stale: the logs themselves and every progress figure. */
export const LOG_DEPENDENT_KEYS = [queryKeys.logs.all, queryKeys.progress.all] as const;
