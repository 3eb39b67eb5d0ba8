/** Environment variables through which global setup tells the test workers where things are. */
export const E2E_ENV = { baseUrl: 'E2E_BASE_URL', mailDir: 'E2E_MAIL_DIR' } as const;

export function e2eEnv(name: keyof typeof E2E_ENV): string {
  const value = process.env[E2E_ENV[name]];
  if (!value)
    throw new Error(`${E2E_ENV[name]} is not set: run the tests through playwright.config.ts`);
  return value;
}
